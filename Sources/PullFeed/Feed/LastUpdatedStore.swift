#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Remembers when each source was last refreshed successfully, across runs, in
/// `$XDG_STATE_HOME/pullfeed/last-updated.json` (default `~/.local/state`).
///
/// A missing or unreadable file counts as "never"; writes go through a temporary file and
/// a rename, so an interrupted write never leaves a half-written file.
public final class LastUpdatedStore {
    public let fileURL: URL?

    public init(fileURL: URL?) {
        self.fileURL = fileURL
    }

    /// The store at the XDG location for this environment (nil when no home is known).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LastUpdatedStore {
        let base: String?
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            base = nil
        }
        return LastUpdatedStore(fileURL: base.map { URL(fileURLWithPath: $0 + "/pullfeed/last-updated.json") })
    }

    public func date(for key: String) -> Date? {
        readAll()[key].map { Date(timeIntervalSince1970: $0) }
    }

    /// Records `date` for `key`. Returns false (and changes nothing) if the file cannot be written.
    @discardableResult
    public func record(_ date: Date, for key: String) -> Bool {
        guard let fileURL else { return false }
        var all = readAll()
        all[key] = date.timeIntervalSince1970
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try encoder.encode(all).write(to: fileURL, options: .atomic)
            return true
        } catch {
            return false
        }
    }

    private func readAll() -> [String: Double] {
        guard let fileURL, let data = try? Data(contentsOf: fileURL),
              let all = try? JSONDecoder().decode([String: Double].self, from: data)
        else { return [:] }
        return all
    }
}
