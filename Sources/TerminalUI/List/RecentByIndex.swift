/// Values kept for the rows used lately, by row index: a direct-mapped cache whose slot is
/// the index modulo the capacity, so a lookup is an array access rather than a hash.
///
/// Rows closer together than the capacity never evict each other, so a window of fewer rows
/// than the capacity (a screen) stays cached however far the list scrolls; a row far away
/// takes its slot over. `removeAll()` costs nothing however many rows are kept.
///
/// For a `ListDataSource` whose rows are costly to fetch (read back from a file, formatted):
/// each frame asks again for every row it shows.
package struct RecentByIndex<Value> {
    private var slots: [Slot] = []
    private let mask: Int
    private var epoch = 0

    private struct Slot {
        var index: Int
        var epoch: Int
        var value: Value?
    }

    /// - Parameter capacity: how many rows in a row are kept (rounded up to a power of two).
    package init(capacity: Int = 512) {
        var size = 1
        while size < max(1, capacity) { size <<= 1 }
        mask = size - 1
    }

    /// The value kept for `index`, if it is still there; setting `nil` forgets it.
    package subscript(index: Int) -> Value? {
        get {
            guard !slots.isEmpty else { return nil }
            let slot = slots[index & mask]
            return slot.index == index && slot.epoch == epoch ? slot.value : nil
        }
        set {
            if slots.isEmpty {
                guard newValue != nil else { return }
                slots = Array(repeating: Slot(index: 0, epoch: -1, value: nil), count: mask + 1)
            }
            slots[index & mask] = Slot(index: index, epoch: epoch, value: newValue)
        }
    }

    /// Forgets every value.
    package mutating func removeAll() {
        epoch += 1
    }
}
