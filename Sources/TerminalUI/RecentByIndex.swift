/// Values kept for the rows used lately, by row index: a direct-mapped cache whose slot is
/// the index modulo the capacity, so a lookup is an array access rather than a hash.
///
/// Rows closer together than the capacity never evict each other, so a window of fewer rows
/// than the capacity (a screen) stays cached however far the list scrolls; a row far away
/// takes its slot over. `removeAll()` costs nothing however many rows are kept.
package struct RecentByIndex<Value> {
    @usableFromInline var slots: [Slot] = []
    @usableFromInline let mask: Int
    @usableFromInline var epoch = 0

    @usableFromInline struct Slot {
        @usableFromInline var index: Int
        @usableFromInline var epoch: Int
        @usableFromInline var value: Value?

        @inlinable init(index: Int, epoch: Int, value: Value?) {
            self.index = index
            self.epoch = epoch
            self.value = value
        }
    }

    /// - Parameter capacity: how many rows in a row are kept (rounded up to a power of two).
    package init(capacity: Int = 512) {
        var size = 1
        while size < max(1, capacity) { size <<= 1 }
        mask = size - 1
    }

    /// The value kept for `index`, if it is still there; setting `nil` forgets it.
    @inlinable package subscript(index: Int) -> Value? {
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
    @inlinable package mutating func removeAll() {
        epoch += 1
    }
}
