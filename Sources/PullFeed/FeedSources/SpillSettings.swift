#if canImport(Glibc)
import Glibc
#endif

/// Where and how much a stream (standard input, a FIFO, a command's output) keeps of what it
/// read: up to `memoryBudget` bytes of lines in memory, the rest in unlinked files in
/// `directory` (`StreamSpill`), at most `maxDisk` bytes of them (0: no limit) before the
/// oldest lines are dropped.
package struct SpillSettings: Sendable, Equatable {
    package var directory: String
    package var memoryBudget: Int
    package var maxDisk: Int

    /// Bytes of lines a stream keeps in memory before it spills to disk.
    package static let defaultMemoryBudget = 8 << 20
    /// `--max-disk`'s default: 4 GiB.
    package static let defaultMaxDisk = 4 << 30

    package init(directory: String, memoryBudget: Int = defaultMemoryBudget, maxDisk: Int = defaultMaxDisk) {
        self.directory = directory
        self.memoryBudget = memoryBudget
        self.maxDisk = maxDisk
    }

    /// `$TMPDIR` (else `/tmp`), the memory budget from `PULLFEED_SPILL_BUDGET` (bytes, for tests
    /// that spill without writing 8 MiB), and `maxDisk`.
    package static func fromEnvironment(maxDisk: Int = defaultMaxDisk) -> SpillSettings {
        var directory = "/tmp"
        if let value = getenv("TMPDIR"), value.pointee != 0 { directory = String(cString: value) }
        var budget = defaultMemoryBudget
        if let value = getenv("PULLFEED_SPILL_BUDGET"), let bytes = Int(String(cString: value)), bytes >= 0 { budget = bytes }
        return SpillSettings(directory: directory, memoryBudget: budget, maxDisk: maxDisk)
    }

    /// A size as `--max-disk` takes it: plain bytes, or a number with `K`, `M`, `G` or `T`
    /// (powers of 1024; a trailing `B` or `iB` allowed: `512M`, `4G`, `4GiB`); nil if it is not one.
    package static func parseSize(_ text: String) -> Int? {
        var digits = text.trimmingCharacters(in: " ")
        let units: [Character: Int] = ["K": 10, "M": 20, "G": 30, "T": 40]
        for suffix in ["iB", "B"] where digits.count > suffix.count && digits.uppercased().hasSuffix(suffix.uppercased()) {
            digits.removeLast(suffix.count)
            break
        }
        var shift = 0
        if let last = digits.last, let unit = units[Character(last.uppercased())] {
            shift = unit
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Double(digits), number >= 0,
              digits.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        let bytes = number * Double(1 << shift)
        guard bytes < 9.0e18 else { return nil }
        return Int(bytes)
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
