/// The buffers a `FuzzyScorer` aligns in, kept between calls (grown as needed) and read
/// without bounds checks in the alignment's inner loops, and the classes of the characters
/// beyond ASCII it has met (looking one up in Unicode's tables costs far more than the rest of
/// a character's work). One per scorer: one per thread.
final class FuzzyScratch {
    private(set) var rowCapacity = 0
    private(set) var tableCapacity = 0
    private(set) var patternCapacity = 0
    private(set) var folded = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private(set) var bonuses = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var table = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var chunks = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var firsts = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    private(set) var decodedCapacity = 0
    private(set) var decoded = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)

    /// How many characters beyond ASCII the class cache holds: each in the slot of its low
    /// bits, the last one met there winning.
    private static let cacheSlots = 1024
    /// The characters cached, by slot (0, never beyond ASCII, for an empty slot).
    private let cachedCharacters = UnsafeMutablePointer<UInt32>.allocate(capacity: cacheSlots)
    /// Their classes.
    private let cachedClasses = UnsafeMutablePointer<FuzzyCharacter.Class>.allocate(capacity: cacheSlots)

    init() {
        cachedCharacters.initialize(repeating: 0, count: Self.cacheSlots)
        cachedClasses.initialize(repeating: .nonWord, count: Self.cacheSlots)
    }

    /// The class of `c`, a character beyond ASCII, from the cache when it is there.
    @inline(__always)
    func classOfNonASCII(_ c: UInt32) -> FuzzyCharacter.Class {
        let slot = Int(c) & (Self.cacheSlots - 1)
        if cachedCharacters[slot] == c { return cachedClasses[slot] }
        let cls = FuzzyCharacter.classOfNonASCII(c)
        cachedCharacters[slot] = c
        cachedClasses[slot] = cls
        return cls
    }

    func reserve(decoded count: Int) {
        guard count > decodedCapacity else { return }
        decodedCapacity = max(count, decodedCapacity * 2, 256)
        decoded.deallocate()
        decoded = .allocate(capacity: decodedCapacity)
    }

    func reserve(rows: Int, pattern: Int) {
        if rows > rowCapacity {
            rowCapacity = max(rows, rowCapacity * 2, 256)
            bonuses.deallocate()
            folded.deallocate()
            folded = .allocate(capacity: rowCapacity)
            bonuses = .allocate(capacity: rowCapacity)
        }
        if pattern > patternCapacity {
            patternCapacity = max(pattern, 32)
            firsts.deallocate()
            firsts = .allocate(capacity: patternCapacity)
        }
    }

    /// Room for a table of `cells`, zeroed when `zeroed`.
    func reserve(cells: Int, zeroed: Bool) {
        if cells > tableCapacity {
            tableCapacity = max(cells, tableCapacity * 2, 1024)
            table.deallocate()
            chunks.deallocate()
            table = .allocate(capacity: tableCapacity)
            chunks = .allocate(capacity: tableCapacity)
        }
        guard zeroed else { return }
        table.update(repeating: 0, count: cells)
        chunks.update(repeating: 0, count: cells)
    }

    deinit {
        for pointer in [bonuses, table, chunks] { pointer.deallocate() }
        folded.deallocate()
        firsts.deallocate()
        decoded.deallocate()
        cachedCharacters.deallocate()
        cachedClasses.deallocate()
    }
}
