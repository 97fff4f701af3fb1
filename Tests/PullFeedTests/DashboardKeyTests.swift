import Foundation
@testable import PullFeed
import Testing

/// The keys of a dashboard file are the long options, each where it belongs and written as the
/// option takes it; a new option is either a key or named here as not one.
struct DashboardKeyTests {
    /// Options that are not keys: the file's own option, the demo's (a dashboard never shows the
    /// demo), and the ones that print and exit.
    static let notKeys: Set<String> = ["dashboard", "latency", "fail-rate", "seed", "help", "version", "generate-completion-script",
                                       "history-list", "history-show"]

    /// The long options of the command, as the argument parser describes them: (names, kind,
    /// repeating).
    static func options() throws -> [(names: [String], kind: String, repeating: Bool)] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(PullFeedCommand._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        return arguments.compactMap { argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
            guard !names.isEmpty else { return nil }
            return (names, argument["kind"] as? String ?? "", argument["isRepeating"] as? Bool ?? false)
        }
    }

    @Test func everyLongOptionIsAKeyOfItsFormOrNamedAsNotOne() throws {
        let options = try Self.options()
        let flags = Set(options.filter { $0.kind == "flag" }.flatMap(\.names))
        var seen: Set<String> = []
        for option in options {
            let name = option.names[0]
            // `--no-color` is the `color` key's false.
            if name.hasPrefix("no-"), flags.contains(String(name.dropFirst(3))) { continue }
            seen.insert(name)
            if Self.notKeys.contains(name) {
                #expect(DashboardKey.all[name] == nil, "\(name)")
                continue
            }
            let key = try #require(DashboardKey.all[name], "--\(name) is neither a dashboard key nor named in notKeys")
            if option.kind == "flag" {
                #expect(key.form == (flags.contains("no-" + name) ? .invertible : .flag), "\(name)")
            } else {
                #expect(key.form == (option.repeating && !DashboardKey.inputs.contains(name) ? .values : .value), "\(name)")
            }
        }
        let extra = Set(DashboardKey.all.keys).subtracting(seen)
        #expect(extra.isEmpty, "keys that are no option: \(extra)")
    }

    @Test func aValueBecomesTheOptionsArguments() {
        let every = DashboardKey.all["every"]!, bind = DashboardKey.all["bind"]!
        let multi = DashboardKey.all["multi"]!, color = DashboardKey.all["color"]!
        #expect(every.arguments(for: .text("-1", bool: nil)) == .success(["--every=-1"]))
        #expect(every.arguments(for: .text("yes", bool: true)) == .success(["--every=yes"]))
        #expect(bind.arguments(for: .list(["a:up", "b:down"])) == .success(["--bind=a:up", "--bind=b:down"]))
        #expect(bind.arguments(for: .text("a:up", bool: nil)) == .success(["--bind=a:up"]))
        #expect(multi.arguments(for: .text("on", bool: true)) == .success(["--multi"]))
        #expect(multi.arguments(for: .text("false", bool: false)) == .success([]))
        #expect(color.arguments(for: .text("no", bool: false)) == .success(["--no-color"]))
        #expect(color.arguments(for: .text("true", bool: true)) == .success(["--color"]))
    }
}
