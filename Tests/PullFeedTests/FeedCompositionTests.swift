@testable import PullFeed
import Testing

/// Several sources' lines as one list: in the order they arrived, each source's section
/// holding its own, a refresh putting them together again.
struct FeedCompositionTests {
    static func state(_ lines: [String], generation: Int = 1) -> FeedState {
        var state = FeedState()
        state.lines = LineList(lines)
        state.hasLoaded = true
        state.generation = generation
        return state
    }

    static func texts(_ list: LineList) -> [String] { (0..<list.count).map { list[$0] } }

    @Test func linesThatArriveAreAppendedAndKeepTheNumbersBeforeThem() {
        var a = Self.state(["a1", "a2"])
        let b = Self.state(["b1"])
        var composed = ComposedLines(sources: 2)
        composed.update([a, b])
        #expect(Self.texts(composed.lines) == ["a1", "a2", "b1"])
        let generation = composed.generation
        a.lines.append(contentsOf: ["a3"])
        composed.update([a, b])
        #expect(Self.texts(composed.lines) == ["a1", "a2", "b1", "a3"])
        #expect(composed.numbers == [[0, 1, 3], [2]])
        #expect(composed.generation == generation)
        // Each source's section shows its own lines, in its order.
        let shown = FeedComposition.several([a, b], titles: ["a", "b"], composed: composed, list: .init())
        #expect(shown.lineSections?.all.map(\.name) == ["a", "b"])
        #expect(shown.lineSections?.all.map(\.lines) == [[0, 1, 3], [2]])
        #expect(shown.sourceSections?.map(\.lineCount) == [3, 1])
    }

    @Test func aRefreshPutsEveryLineTogetherAgainInSourceOrder() {
        var a = Self.state(["a1"])
        let b = Self.state(["b1"])
        var composed = ComposedLines(sources: 2)
        composed.update([a, b])
        a.lines.append(contentsOf: ["a2"])
        composed.update([a, b])
        let generation = composed.generation
        a = Self.state(["x1", "x2", "x3"], generation: 2)
        composed.update([a, b])
        #expect(Self.texts(composed.lines) == ["x1", "x2", "x3", "b1"])
        #expect(composed.numbers == [[0, 1, 2], [3]])
        #expect(composed.generation != generation)
    }

    @Test func aLineAppendedToASourceIsNotWrittenIntoTheListSharingItsStorage() {
        var a = Self.state(["a1", "a2"])
        let b = Self.state(["ok"])
        var composed = ComposedLines(sources: 2)
        composed.update([a, b])
        a.lines.append(contentsOf: ["a3"])
        #expect(Self.texts(a.lines) == ["a1", "a2", "a3"])
        #expect(Self.texts(composed.lines) == ["a1", "a2", "ok"])
    }

    /// Each source's marks land on its lines' places in the list: lines that arrived by
    /// themselves (a followed file's) are new wherever the list put them, as are a refresh's new
    /// lines; a line of another source between them is not.
    @Test func eachSourcesMarksLandOnItsLinesInTheList() {
        var a = Self.state(["a1", "a2"])
        var b = Self.state(["b1", "b2"])
        var composed = ComposedLines(sources: 2)
        composed.update([a, b])
        a.lines.append(contentsOf: ["a3"])
        a.arrivedFrom = 2
        composed.update([a, b])
        b.lines.append(contentsOf: ["b3"])
        b.changes.newItems = RowMarks(count: 3)
        b.changes.newItems.insert(0)
        composed.update([a, b])
        a.lines.append(contentsOf: ["a4", "a5"])
        composed.update([a, b])
        #expect(Self.texts(composed.lines) == ["a1", "a2", "b1", "b2", "a3", "b3", "a4", "a5"])
        let shown = FeedComposition.several([a, b], titles: ["a", "b"], composed: composed, list: .init())
        #expect((0..<8).filter { shown.changes.newItems[$0] } == [2, 4, 6, 7])
    }
}
