import TerminalUI

/// The main loop's timer heap: actions ordered by deadline, then by the order they were added.
/// Pure (times are passed in, in nanoseconds of a monotonic clock) so it can be tested alone.
struct TimerQueue {
    typealias ID = UInt64

    struct Entry {
        var deadline: UInt64
        var sequence: UInt64
        var id: ID
        var interval: UInt64?
        var action: () -> Void

        func precedes(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var cancelled: Set<ID> = []
    private var nextSequence: UInt64 = 0
    private var nextID: ID = 0

    var isEmpty: Bool { heap.count == cancelled.count }
    var count: Int { heap.count - cancelled.count }

    /// The earliest deadline of a live entry.
    mutating func nextDeadline() -> UInt64? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// Adds `action` at `deadline`; with an `interval` it repeats until cancelled.
    @discardableResult
    mutating func insert(deadline: UInt64, interval: UInt64? = nil, action: @escaping () -> Void) -> ID {
        nextID += 1
        push(Entry(deadline: deadline, sequence: nextSequence, id: nextID, interval: interval.map { max(1, $0) }, action: action))
        nextSequence += 1
        return nextID
    }

    mutating func cancel(_ id: ID) {
        guard heap.contains(where: { $0.id == id }) else { return }
        cancelled.insert(id)
    }

    /// The sequence number the next insertion will get: entries added from now on compare
    /// greater, which lets a turn run only what was due when it started.
    var sequenceMark: UInt64 { nextSequence }

    /// Removes and returns the earliest entry if it is due at `now` and was added before
    /// `mark`. A repeating entry is put back at its next deadline (never in the past, so a
    /// stalled loop does not replay missed ticks).
    mutating func popDue(now: UInt64, before mark: UInt64 = .max) -> (() -> Void)? {
        dropCancelledTop()
        guard let top = heap.first, top.deadline <= now, top.sequence < mark else { return nil }
        var entry = popTop()
        if let interval = entry.interval {
            var next = entry.deadline &+ interval
            if next <= now { next = now &+ interval }
            entry.deadline = next
            entry.sequence = nextSequence
            nextSequence += 1
            push(entry)
        }
        return entry.action
    }

    private mutating func dropCancelledTop() {
        while let top = heap.first, cancelled.contains(top.id) {
            cancelled.remove(top.id)
            _ = popTop()
        }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].precedes(heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func popTop() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, heap[l].precedes(heap[m]) { m = l }
                if r < heap.count, heap[r].precedes(heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
