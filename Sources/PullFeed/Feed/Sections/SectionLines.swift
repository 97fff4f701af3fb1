/// A section's line numbers, ascending, kept as runs of consecutive numbers: a section whose
/// lines came together (a commit's diff, a source's lines in a list of several) costs a few
/// bytes a run, not four a line, and reading number `i` is a binary search over the runs.
package struct SectionLines: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// The first number of each run.
    private var firsts: [UInt32] = []
    /// How many numbers the runs up to and including each hold.
    private var ends: [Int] = []

    package init() {}

    package init(arrayLiteral numbers: UInt32...) {
        append(contentsOf: numbers)
    }

    package init<S: Sequence>(_ numbers: S) where S.Element == UInt32 {
        append(contentsOf: numbers)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.last ?? 0 }

    package subscript(index: Int) -> UInt32 {
        precondition(index >= 0 && index < endIndex, "section line index out of range")
        let run = run(holding: index)
        return firsts[run] &+ UInt32(truncatingIfNeeded: index - (run == 0 ? 0 : ends[run - 1]))
    }

    /// How many numbers from `index` on are consecutive (at least 1).
    package func consecutiveCount(from index: Int) -> Int {
        ends[run(holding: index)] - index
    }

    /// Walks the runs, not a binary search a number.
    package func makeIterator() -> Iterator { Iterator(lines: self) }

    /// The numbers in order, run after run.
    package struct Iterator: IteratorProtocol {
        let lines: SectionLines
        var run = 0
        var index = 0

        package mutating func next() -> UInt32? {
            guard index < lines.endIndex else { return nil }
            while lines.ends[run] <= index { run += 1 }
            let number = lines.firsts[run] &+ UInt32(truncatingIfNeeded: index - (run == 0 ? 0 : lines.ends[run - 1]))
            index += 1
            return number
        }
    }

    /// How many runs of consecutive numbers there are.
    package var runCount: Int { firsts.count }

    /// The run that holds number `index`.
    private func run(holding index: Int) -> Int {
        var low = 0, high = ends.count - 1
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] > index { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Appends `number`, which must be greater than the last.
    package mutating func append(_ number: UInt32) {
        if let last = firsts.last, let end = ends.last {
            let count = end - (ends.count > 1 ? ends[ends.count - 2] : 0)
            if last &+ UInt32(truncatingIfNeeded: count) == number {
                ends[ends.count - 1] += 1
                return
            }
        }
        firsts.append(number)
        ends.append(endIndex + 1)
    }

    package mutating func append<S: Sequence>(contentsOf numbers: S) where S.Element == UInt32 {
        for number in numbers { append(number) }
    }

    /// Appends the numbers `range` (after the last), as one run.
    package mutating func append(range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = UInt32(truncatingIfNeeded: range.lowerBound)
        if let last = firsts.last, let end = ends.last {
            let count = end - (ends.count > 1 ? ends[ends.count - 2] : 0)
            if last &+ UInt32(truncatingIfNeeded: count) == first {
                ends[ends.count - 1] += range.count
                return
            }
        }
        firsts.append(first)
        ends.append(endIndex + range.count)
    }

    package static func += (lines: inout SectionLines, numbers: [UInt32]) {
        lines.append(contentsOf: numbers)
    }

    /// Removes the first `count` numbers.
    package mutating func removeFirst(_ count: Int) {
        guard count > 0 else { return }
        precondition(count <= endIndex, "removing more section lines than there are")
        var kept = SectionLines()
        if count < endIndex {
            var index = count
            while index < endIndex {
                let run = consecutiveCount(from: index)
                let first = Int(self[index])
                kept.append(range: first..<first + run)
                index += run
            }
        }
        self = kept
    }
}
