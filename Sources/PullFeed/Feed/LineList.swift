/// The lines of a line source, stored compactly: one UTF-8 byte buffer and an offset per
/// line, so 100,000 lines cost their bytes plus 4 bytes each instead of a String apiece.
///
/// A value is a snapshot of an append-only storage: appending to a snapshot that shares
/// its storage's end extends the storage in place (older snapshots keep their own count
/// and stay valid); any other write copies. That keeps `reduce` O(page), not O(list).
public struct LineList: Sendable, Equatable {
    private var storage: Storage
    public private(set) var count: Int

    public init() {
        storage = Storage()
        count = 0
    }

    public init(_ lines: [String]) {
        self.init()
        append(contentsOf: lines)
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(index: Int) -> String {
        precondition(index >= 0 && index < count, "line index out of range")
        return storage.line(index)
    }

    public mutating func append(contentsOf lines: [String]) {
        if storage.count != count {
            storage = storage.copy(prefix: count)
        }
        storage.append(lines)
        count = storage.count
    }

    public static func == (a: LineList, b: LineList) -> Bool {
        a.count == b.count && (a.storage === b.storage || (0..<a.count).allSatisfy { a[$0] == b[$0] })
    }

    /// Approximate bytes held (for the memory benchmark).
    public var byteCount: Int { storage.bytes.count + storage.ends.count * 4 }

    final class Storage: @unchecked Sendable {
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        var count: Int { ends.count }

        func line(_ i: Int) -> String {
            let start = i == 0 ? 0 : Int(ends[i - 1])
            let end = Int(ends[i])
            return bytes.withUnsafeBufferPointer { String(decoding: $0[start..<end], as: UTF8.self) }
        }

        func append(_ lines: [String]) {
            ends.reserveCapacity(ends.count + lines.count)
            for line in lines {
                bytes.append(contentsOf: line.utf8)
                ends.append(UInt32(truncatingIfNeeded: bytes.count))
            }
        }

        func copy(prefix: Int) -> Storage {
            let s = Storage()
            let end = prefix == 0 ? 0 : Int(ends[prefix - 1])
            s.bytes = Array(bytes[0..<end])
            s.ends = Array(ends[0..<prefix])
            return s
        }
    }
}
