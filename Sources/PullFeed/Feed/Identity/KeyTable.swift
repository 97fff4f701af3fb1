/// A table from identity keys to row indices for comparing two results, by open addressing.
/// Identity keys are already hashes (`ItemKeys`), so a key's own low bits choose its slot:
/// a look-up hashes nothing, where a `Dictionary` would hash each key again.
struct KeyTable {
    private var keys: [UInt64]
    private var values: [Int32]
    private let mask: Int
    private static let empty = Int32.min

    /// A table for up to `capacity` keys (twice as many slots, at least 16).
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: Self.empty, count: size)
        mask = size - 1
    }

    /// The value of `key`, if it is in the table; else adds `key` with `value` and returns nil.
    /// `value` must not be `Int32.min`.
    mutating func value(of key: UInt64, addingIfAbsent value: Int32) -> Int32? {
        var slot = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while true {
            let found = values[slot]
            if found == Self.empty {
                keys[slot] = key
                values[slot] = value
                return nil
            }
            if keys[slot] == key { return found }
            slot = (slot + 1) & mask
        }
    }

    /// Sets the value of `key` (adding it if it is absent).
    mutating func set(_ key: UInt64, to value: Int32) {
        var slot = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while values[slot] != Self.empty, keys[slot] != key { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
    }
}
