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
/// The file says nothing of what was viewed: each source is stored under a hash of its
/// `stateKey` (64-bit FNV-1a, 16 hex digits), only the `maxEntries` most recent are kept, the
/// file is readable by its owner only (0600) and the folders it creates are 0700. A file of
/// older versions, keyed by the plain `stateKey`, is read too and rewritten hashed.
///
/// The file is one JSON object from names to seconds since 1970, its names sorted. A missing,
/// unreadable or malformed file (anything else) counts as "never"; writes go through a
/// temporary file and a rename, so an interrupted write never leaves a half-written file.
package final class LastUpdatedStore: Sendable {
    /// The file's absolute path; nil when no home is known, and then nothing is stored.
    package let path: String?
    /// Runs `recordInBackground(_:for:)` in order, away from the thread that draws frames.
    private let writer = DispatchQueue(label: "pullfeed.last-updated")

    package init(path: String?) {
        self.path = path
    }

    /// The store in the state folder for this environment (`StateDirectory`; nil when no home
    /// is known).
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LastUpdatedStore {
        LastUpdatedStore(path: StateDirectory.path(environment: environment).map { $0 + "/last-updated.json" })
    }

    /// How many sources the file remembers at most (the most recently refreshed).
    package static let maxEntries = 200

    package func date(for key: String) -> Date? {
        dates(for: [key])[0]
    }

    /// The dates of `keys`, in order, from one read of the file (a list of many sources reads
    /// it once at start-up, not once a source).
    package func dates(for keys: [String]) -> [Date?] {
        let all = readAll()
        return keys.map { all[Self.hashedKey($0)].map { Date(timeIntervalSince1970: $0) } }
    }

    /// The name `key` is stored under: its 64-bit FNV-1a hash of its UTF-8 bytes, in hex.
    static func hashedKey(_ key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func isHashedKey(_ key: String) -> Bool {
        key.utf8.count == 16 && key.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Records `date` for `key`. Returns false (and changes nothing) if the file cannot be written.
    @discardableResult
    package func record(_ date: Date, for key: String) -> Bool {
        guard let path else { return false }
        var all = readAll()
        all[Self.hashedKey(key)] = date.timeIntervalSince1970
        if all.count > Self.maxEntries {
            let newest = all.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(Self.maxEntries)
            all = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(all) else { return false }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        return StateDirectory.make(folder) && Self.writePrivately(data, to: path)
    }

    /// Writes `data` to a 0600 temporary file next to `path`, syncs it and renames it over `path`.
    private static func writePrivately(_ data: Data, to path: String) -> Bool {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var ok = fchmod(fd, 0o600) == 0
        data.withUnsafeBytes { raw in
            var done = 0
            while ok, done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { ok = false } else { done += n }
            }
        }
        ok = ok && fsync(fd) == 0
        ok = close(fd) == 0 && ok
        ok = ok && rename(temporary, path) == 0
        if !ok { unlink(temporary) }
        return ok
    }

    /// Records `date` for `key` on a background queue and returns at once.
    ///
    /// A write ends with an `fsync`, which takes milliseconds on a busy disk; the app records
    /// the first refresh while its first frame is due, so it must not wait for the disk.
    /// Recordings land in the order they were made; `flush()` waits for all of them.
    package func recordInBackground(_ date: Date, for key: String) {
        writer.async { self.record(date, for: key) }
    }

    /// Waits until every `recordInBackground(_:for:)` made so far has been written (or has
    /// failed). Call it before the process exits, so no recording is lost.
    package func flush() {
        writer.sync {}
    }

    /// The stored dates by hashed key; plain keys of older files are hashed on the way in.
    private func readAll() -> [String: Double] {
        guard let path, let bytes = Self.contents(of: path),
              let stored = LastUpdatedFile.plainEntries(bytes) ?? (try? JSONDecoder().decode([String: Double].self, from: Data(bytes)))
        else { return [:] }
        var all: [String: Double] = [:]
        for (key, value) in stored {
            let hashed = Self.isHashedKey(key) ? key : Self.hashedKey(key)
            all[hashed] = max(all[hashed] ?? value, value)
        }
        return all
    }

    /// The whole file at `path`, or nil if it cannot be read, is not a regular file (a FIFO
    /// there must not hang the start) or is over 1 MiB (200 entries take ~7 KB; anything
    /// larger is not this store's file).
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let limit = 1 << 20
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > limit { return nil }
        }
    }
}
