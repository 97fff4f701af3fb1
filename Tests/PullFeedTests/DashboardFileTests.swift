import DashboardFormat
import DashboardYAML
import Foundation
@testable import PullFeed
import Testing

/// A dashboard file made into sources and list-wide options: the top-level keys are every
/// source's defaults, a source's own keys win, the command line sits between them, and each
/// mistake is one line naming the file, the line and the key, in the option's own words.
struct DashboardFileTests {
    func dashboard(_ yaml: String, _ commandLine: [String] = [], defaults: [String] = []) throws -> Dashboard {
        let document = try DashboardYAML.read(Array(yaml.utf8))
        return try DashboardFile.make(document, file: "ops.yaml", commandLine: ["--dashboard", "ops.yaml"] + commandLine,
                                      defaultOptions: defaults)
    }

    func error(_ yaml: String, _ commandLine: [String] = [], defaults: [String] = []) -> String? {
        do {
            _ = try dashboard(yaml, commandLine, defaults: defaults)
            return nil
        } catch let error as DashboardError {
            #expect(error.exitCode == 2)
            return error.description
        } catch {
            return "not a DashboardError: \(error)"
        }
    }

    static let ops = """
        every: 2
        multi: true
        bind: [ctrl-k:refresh, "f2:accept"]
        color: false
        header-lines: 1
        sources:
          - command: kubectl get pods
            title: pods
            id: 1
          - file: /var/log/app.log
            every: 10
            alert: ERROR
          - command: git status -s
            header-lines: 0
          - file: "-"
        """

    @Test func eachSourceHasItsOwnOptionsOverTheDefaults() throws {
        let dashboard = try dashboard(Self.ops)
        let sources = dashboard.sources
        #expect(sources.map(\.input) == [.command("kubectl get pods"), .file("/var/log/app.log"), .command("git status -s"), .standardInput])
        #expect(sources.map(\.title) == ["pods", "/var/log/app.log", "git status -s", "-"])
        #expect(sources.map(\.every) == [2, 10, 2, 2])
        #expect(sources.map(\.headerLines) == [1, 1, 0, 1])
        #expect(sources.map(\.timeout) == [30, 30, 30, 30])
        #expect(sources.map { $0.alert != nil } == [false, true, false, false])
        #expect(sources.map { $0.identity == .wholeLine } == [false, true, true, true])
        #expect(dashboard.app.multi && dashboard.app.noColor)
        #expect(dashboard.app.bind == ["ctrl-k:refresh", "f2:accept"])
        #expect(dashboard.app.dashboard == "ops.yaml")
        #expect(dashboard.app.sourceCount == 0)
    }

    /// From weakest to strongest: PULLFEED_DEFAULT_OPTS, the top-level keys, the command line, a
    /// source's own keys.
    @Test func theCommandLineSitsBetweenTheTopAndTheSources() throws {
        let yaml = "every: 2\ncolor: true\nsources:\n  - command: a\n  - command: b\n    every: 1\n  - command: c\n    timeout: 3\n"
        let environment = ["--every", "7", "--timeout", "9", "--no-color"]
        let plain = try dashboard(yaml, defaults: environment)
        #expect(plain.sources.map(\.every) == [2, 1, 2])
        #expect(plain.sources.map(\.timeout) == [9, 9, 3])
        #expect(!plain.app.noColor)
        let typed = try dashboard(yaml, ["--every", "5", "--no-color"], defaults: environment)
        #expect(typed.sources.map(\.every) == [5, 1, 5])
        #expect(typed.app.every == 5 && typed.app.noColor)
    }

    @Test func theDashboardMayComeFromTheDefaultOptions() throws {
        let document = try DashboardYAML.read(Array("sources:\n  - command: a\n  - command: b\n    every: 1\n".utf8))
        let dashboard = try DashboardFile.make(document, file: "ops.yaml", commandLine: ["-m"],
                                               defaultOptions: ["--dashboard", "ops.yaml", "--every", "7"])
        #expect(dashboard.sources.map(\.every) == [7, 1])
        #expect(dashboard.app.dashboard == "ops.yaml" && dashboard.app.multi)
    }

    @Test func aCommandWithoutEveryIsAStreamWithoutATimeout() throws {
        let dashboard = try dashboard("sources:\n  - command: tail -f x\n  - command: date\n    every: 1\n  - page-command: seq 5\n")
        #expect(dashboard.sources.map(\.timeout) == [0, 30, 30])
        #expect(dashboard.sources.map(\.input) == [.command("tail -f x"), .command("date"), .pageCommand("seq 5")])
    }

    @Test func sectionsByAPatternWorkWithOneSource() throws {
        let dashboard = try dashboard("sources:\n  - command: journalctl -f\n    section-by: '^(\\S+)'\n")
        #expect(dashboard.sources[0].sectionPattern != nil)
    }

    @Test(arguments: [
        // Keys.
        ("every: 2\nevrey: 3\nsources:\n  - command: a\n", [], "ops.yaml:2: unknown key 'evrey'"),
        ("sources:\n  - command: a\n    evrey: 1\n", [], "ops.yaml:3: unknown key 'evrey'"),
        ("latency: 1\nsources:\n  - command: a\n", [], "ops.yaml:1: unknown key 'latency'"),
        ("sources:\n  - command: a\n    dashboard: b.yaml\n", [], "ops.yaml:3: unknown key 'dashboard'"),
        ("sources:\n  - command: a\n\n    multi: true\n", [], "ops.yaml:4: 'multi' is the whole list's: put it at the top level, not in a source"),
        ("sources:\n  - command: a\n    bind: [a:up]\n", [], "ops.yaml:3: 'bind' is the whole list's: put it at the top level, not in a source"),
        ("title: all\nsources:\n  - command: a\n", [], "ops.yaml:1: 'title' is one source's: put it in an item of sources:, not at the top level"),
        ("file: a.log\nsources:\n  - command: a\n", [], "ops.yaml:1: 'file' is one source's: put it in an item of sources:, not at the top level"),
        // Types.
        ("sources:\n  - command: a\n    every:\n      seconds: 2\n", [], "ops.yaml:3: every: expected a value, not a mapping"),
        ("every: [1, 2]\nsources:\n  - command: a\n", [], "ops.yaml:1: every: expected one value, not a list"),
        ("every:\nsources:\n  - command: a\n", [], "ops.yaml:1: every: no value is given"),
        ("wrap: 2\nsources:\n  - command: a\n", [], "ops.yaml:1: wrap: expected true or false (got '2')"),
        ("wrap:\nsources:\n  - command: a\n", [], "ops.yaml:1: wrap: expected true or false, and no value is given"),
        ("bind: {a: up}\nsources:\n  - command: a\n", [], "ops.yaml:1: bind: expected a value or a list of values, not a mapping"),
        ("sources:\n  - command: [a, b]\n", [], "ops.yaml:2: command: expected one value, not a list"),
        // Values, in the option's own words.
        ("sources:\n  - command: a\n    every: abc\n", [], "ops.yaml:3: every: The value 'abc' is invalid for '--every <seconds>'"),
        ("every: 0.05\nsources:\n  - command: a\n", [], "ops.yaml:1: every: --every must be at least 0.1 seconds (got 0.05)"),
        ("sources:\n  - command: a\n    header-lines: -1\n", [], "ops.yaml:3: header-lines: --header-lines must be between 0 and 1000 (got -1)"),
        ("lang: fr\nsources:\n  - command: a\n", [], "ops.yaml:1: lang: --lang must be en or zh-Hans (got 'fr')"),
        ("sources:\n  - file: ''\n", [], "ops.yaml:2: file: --file needs a path"),
        ("sources:\n  - command: a\n    title: ''\n", [], "ops.yaml:3: title: --title cannot be empty"),
        ("sources:\n  - command: a\n    max-disk: lots\n", [], "ops.yaml:3: max-disk: --max-disk must be a size such as 512M, 4G or a number of bytes; 0 for no limit (got 'lots')"),
        // Sources.
        ("every: 2\nsources:\n  - title: x\n    every: 1\n", [], "ops.yaml:3: a source needs one of command:, file: or page-command:"),
        ("sources:\n  - file: a\n    command: b\n", [], "ops.yaml:3: a source shows one thing: this one has both file: and command: (give each its own item)"),
        ("every: 2\nsources:\n", [], "ops.yaml:2: sources: is empty: give at least one source (- command: ..., - file: ...)"),
        ("sources: []\n", [], "ops.yaml:1: sources: is empty: give at least one source (- command: ..., - file: ...)"),
        ("every: 2\n", [], "ops.yaml: no sources: list them under sources:, each with command:, file: or page-command:"),
        ("", [], "ops.yaml: no sources: list them under sources:, each with command:, file: or page-command:"),
        ("sources:\n  - file: a.log\n  - command: b\n  - file: a.log\n", [], "ops.yaml:4: file: 'a.log' is given twice: each file is one section"),
        ("sources:\n  - file: '-'\n  - file: '-'\n", [], "ops.yaml:3: file: standard input (-) can be read only once"),
        // What works with one source only.
        ("section-by: x\nsources:\n  - file: a\n  - file: b\n", [], "ops.yaml:1: section-by: --section-by works with one source (got 2): with several, each source is a section"),
        ("sources:\n  - file: a\n  - file: b\n    section-start: x\n", [], "ops.yaml:4: section-start: --section-start works with one source (got 2): with several, each source is a section"),
        ("sources:\n  - file: a\n  - file: b\n", ["--title", "t"], "ops.yaml: with the command line: --title names one source (got 2): give each source its title in a --dashboard file"),
        ("section-by: x\nsources:\n  - file: a\n", ["--section-start", "y"], "ops.yaml: with the command line: choose one of --section-by (each line names its own section) and --section-start (a matching line starts a section)"),
    ] as [(String, [String], String)])
    func eachMistakeIsOneLineWithItsPlace(yaml: String, commandLine: [String], message: String) {
        #expect(error(yaml, commandLine) == message)
    }

    @Test func aRegularExpressionThatIsNotOneIsTheOptionsMessage() throws {
        let message = try #require(error("sources:\n  - command: a\n    alert: '(x'\n"))
        #expect(message.hasPrefix("ops.yaml:3: alert: --alert '(x' is not a usable regular expression: "))
        #expect(!message.contains("\n"))
    }

    @Test func theDefaultOptionsAreNamedWhenTheyClashWithTheCommandLine() {
        #expect(error("sources:\n  - file: a\n", ["--section-start", "y"], defaults: ["--section-by", "x"])
                == "ops.yaml: with the command line: choose one of --section-by (each line names its own section) and --section-start (a matching line starts a section)")
    }

    /// The README's example, as written there: its sources, and `--every 10` over the top level
    /// but not over a source's own `every`.
    @Test func theREADMEsDashboardIsOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Dashboards\n").dropFirst().first)
        let yaml = try #require(section.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let plain = try dashboard(yaml)
        #expect(plain.sources.map(\.input) == [.command("kubectl get pods"), .file("/var/log/deploy.log"), .command("git status -s")])
        #expect(plain.sources.map(\.title) == ["pods", "/var/log/deploy.log", "git status -s"])
        #expect(plain.sources.map(\.every) == [5, 5, 2])
        #expect(plain.sources.map(\.headerLines) == [1, 0, 0])
        #expect(plain.sources.map { $0.alert != nil } == [false, true, false])
        #expect(plain.app.multi)
        #expect(try dashboard(yaml, ["--every", "10"]).sources.map(\.every) == [10, 10, 2])
    }

    @Test func theDashboardOptionLeavesTheCommandLineForTheSources() {
        #expect(DashboardFile.withoutDashboard(["--every", "2", "--dashboard", "a.yaml", "-m", "--dashboard=b.yaml", "--"]) == ["--every", "2", "-m"])
    }
}

/// `load`: the file opened by pullfeed (its errors are the system's), read by the
/// `pullfeed-dashboard` program, and that program found beside pullfeed or on PATH.
@Suite struct DashboardLoadTests {
    /// The reader `swift build` built.
    static var builtReader: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/debug/pullfeed-dashboard").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    func withFile<T>(_ text: String, name: String = "ops.yaml", _ body: (String) throws -> T) throws -> T {
        let directory = NSTemporaryDirectory() + "pullfeed-dashboard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try body(path)
    }

    func loadError(_ path: String, reader: String?) -> DashboardError? {
        do throws(DashboardError) {
            _ = try DashboardFile.load(path: path, commandLine: ["--dashboard", path], defaultOptions: [], reader: reader)
            return nil
        } catch {
            return error
        }
    }

    @Test func theReaderProgramReadsTheFile() throws {
        let reader = try #require(Self.builtReader, "pullfeed-dashboard is not built: run `swift build` first")
        try withFile(DashboardFileTests.ops) { path in
            let dashboard = try DashboardFile.load(path: path, commandLine: ["--dashboard", path], defaultOptions: [], reader: reader)
            #expect(dashboard.sources.map(\.title) == ["pods", "/var/log/app.log", "git status -s", "-"])
            #expect(dashboard.sources.map(\.every) == [2, 10, 2, 2])
            #expect(dashboard.app.bind == ["ctrl-k:refresh", "f2:accept"])
        }
        try withFile("every: 2\nsources:\n  - command: date\n    evrey: 1\n") { path in
            #expect(loadError(path, reader: reader) == DashboardError("\(path):4: unknown key 'evrey'"))
        }
        try withFile("every: 2\nsources:\n  - command: 'date\n") { path in
            #expect(loadError(path, reader: reader) == DashboardError("\(path):4: not YAML: found unexpected end of stream (while scanning a quoted scalar on line 3)"))
        }
    }

    @Test func aFileThatCannotBeReadIsItsPathAndTheSystemsReason() throws {
        #expect(loadError("/nonexistent/ops.yaml", reader: "/bin/false") == DashboardError("/nonexistent/ops.yaml: No such file or directory"))
        #expect(loadError("/tmp", reader: "/bin/false") == DashboardError("/tmp: Is a directory"))
    }

    @Test func aMissingOrBrokenReaderIsARuntimeError() throws {
        try withFile("sources:\n  - command: date\n") { path in
            let missing = try #require(loadError(path, reader: nil))
            #expect(missing.exitCode == 1)
            #expect(missing.description == "--dashboard needs pullfeed-dashboard, which is neither beside pullfeed nor on PATH: install pullfeed with make install, or build it with swift build")
            #expect(loadError(path, reader: "/bin/false") == DashboardError("/bin/false failed (exit status 1)", exitCode: 1))
            #expect(loadError(path, reader: "/bin/echo") == DashboardError(
                "/bin/echo printed what this pullfeed cannot read (the output is cut short): is it from another version?", exitCode: 1))
        }
    }

    @Test func theReaderIsFoundBesidePullfeedThenOnThePath() throws {
        let directory = NSTemporaryDirectory() + "pullfeed-reader-\(UUID().uuidString)"
        let other = directory + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(DashboardReader.locate(besides: directory + "/pullfeed", path: other) == nil)
        _ = FileManager.default.createFile(atPath: other + "/pullfeed-dashboard", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
        #expect(DashboardReader.locate(besides: directory + "/pullfeed", path: other) == nil, "not executable")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: other + "/pullfeed-dashboard")
        #expect(DashboardReader.locate(besides: directory + "/pullfeed", path: "/nonexistent:" + other) == other + "/pullfeed-dashboard")
        _ = FileManager.default.createFile(atPath: directory + "/pullfeed-dashboard", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(DashboardReader.locate(besides: directory + "/pullfeed", path: other) == directory + "/pullfeed-dashboard")
    }
}
