@testable import PullFeed
import Testing

/// A section's line numbers as runs: the same numbers as an array holds, in a few runs.
struct SectionLinesTests {
    @Test func readsAndWalksAsTheArrayOfItsNumbers() {
        let numbers: [UInt32] = [0, 1, 2, 5, 6, 9, 20, 21, 22, 23]
        var lines = SectionLines(numbers)
        #expect(lines.count == numbers.count)
        #expect(lines.runCount == 4)
        #expect(numbers.indices.allSatisfy { lines[$0] == numbers[$0] })
        #expect(Array(lines) == numbers)
        #expect(lines.consecutiveCount(from: 0) == 3 && lines.consecutiveCount(from: 1) == 2 && lines.consecutiveCount(from: 9) == 1)
        lines.append(range: 24..<30)
        #expect(lines.runCount == 4 && lines.count == 16 && lines[15] == 29, "a range that goes on from the last run joins it")
        lines.append(range: 40..<41)
        #expect(lines.runCount == 5 && Array(lines.suffix(2)) == [29, 40])
        lines += [41, 50]
        #expect(Array(lines.suffix(3)) == [40, 41, 50])
    }

    @Test func removingFromTheFrontKeepsTheRest() {
        var lines = SectionLines([3, 4, 5, 10, 11, 30])
        lines.removeFirst(2)
        #expect(Array(lines) == [5, 10, 11, 30])
        lines.removeFirst(4)
        #expect(lines.isEmpty && lines.runCount == 0)
    }

    /// A million lines that came together cost one run.
    @Test func aLongRunIsOneRun() {
        var lines = SectionLines()
        lines.append(range: 0..<1_000_000)
        #expect(lines.runCount == 1 && lines[999_999] == 999_999 && lines.consecutiveCount(from: 10) == 999_990)
    }
}
