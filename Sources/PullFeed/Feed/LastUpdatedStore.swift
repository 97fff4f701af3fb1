#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Remembers when each source was last refreshed successfully, across runs, in
/// `$XDG_STATE_HOME/pullfeed/last-updated.json` (default `~/.local/state`).
///
/// A missing or unreadable file counts as "never"; writes go through a temporary file and
/// a rename, so an interrupted write never leaves a half-written file.
public final class LastUpdatedStore: Sendable {
    public let fileURL: URL?
    /// Runs `recordInBackground(_:for:)` in order, away from the thread that draws frames.
    private let writer = DispatchQueue(label: "pullfeed.last-updated")

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

    /// Records `date` for `key` on a background queue and returns at once.
    ///
    /// A write ends with an `fsync`, which takes milliseconds on a busy disk; the app records
    /// the first refresh while its first frame is due, so it must not wait for the disk.
    /// Recordings land in the order they were made; `flush()` waits for all of them.
    public func recordInBackground(_ date: Date, for key: String) {
        writer.async { self.record(date, for: key) }
    }

    /// Waits until every `recordInBackground(_:for:)` made so far has been written (or has
    /// failed). Call it before the process exits, so no recording is lost.
    public func flush() {
        writer.sync {}
    }

    private func readAll() -> [String: Double] {
        guard let fileURL, let data = try? Data(contentsOf: fileURL),
              let all = try? JSONDecoder().decode([String: Double].self, from: data)
        else { return [:] }
        return all
    }
}
