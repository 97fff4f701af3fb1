import Foundation
@testable import PullFeed
import TerminalUI
import Testing

/// A list of several sources on the in-memory screen: each a section headed by its title and
/// state, loaded to its end without a key, refreshed on its own, and the list-wide marks, Enter
/// and alerts across them.
@Suite struct SeveralSourcesScreenTests {
    static func lines(_ prefix: String, _ range: ClosedRange<Int>) -> [String] { range.map { "\(prefix)\($0)" } }

    @Test func eachSourceIsASectionHeadedByItsTitleAndCount() {
        let a = LiveSource(lines: Self.lines("a", 1...3))
        a.isOpen = false
        let b = LiveSource(lines: Self.lines("b", 1...1))
        b.isOpen = false
        let h = ScreenHarness(sources: [a, b], titles: ["a.log", "b.log"])
        h.advance(0)
        #expect(Array(h.lines[1...6]) == [" ▾ a.log · 3 lines", "›a1", " a2", " a3", " ▾ b.log · 1 line", " b1"])
        #expect(h.lines[0].contains("PullFeed · a.log, b.log"))
        #expect(!h.text.contains("No more data"), "no footer: the sources load to their ends by themselves")
    }

    /// A source of many pages loads them all without a key (a section holds all its lines).
    @Test func aPagedSourceLoadsToItsEndByItself() {
        let paged = ScriptedSource.lines(total: 1_000)
        paged.delay = 0.01
        let other = LiveSource(lines: ["x"])
        other.isOpen = false
        let h = ScreenHarness(sources: [paged, other], titles: ["paged", "other"], pageSize: 100)
        h.advance(1)
        #expect(h.reactor.currentState.sourceSections?.map(\.lineCount) == [1_000, 1])
        #expect(h.lines[1] == " ▾ paged · 1,000 lines")
    }

    @Test func rRefreshesTheSelectedRowsSourceAndRAll() {
        let a = ScriptedSource.lines(total: 3)
        let b = ScriptedSource.lines(total: 2)
        a.delay = 0.1
        b.delay = 0.1
        let h = ScreenHarness(sources: [a, b], titles: ["a", "b"])
        h.advance(1)
        let (ra, rb) = (a.requests.count, b.requests.count)
        h.press(.character("r"))
        h.advance(1)
        #expect(a.requests.count == ra + 1 && b.requests.count == rb)
        h.press(.character("}"))
        #expect(h.selectedRow == "L0" && h.lines.firstIndex { $0.hasPrefix("›") } == 6)
        h.press(.character("r"))
        h.advance(1)
        #expect(a.requests.count == ra + 1 && b.requests.count == rb + 1)
        h.press(.character("R"))
        h.advance(1)
        #expect(a.requests.count == ra + 2 && b.requests.count == rb + 2)
    }

    @Test func theHeaderSaysTheScheduleWhatARefreshFoundAndAFailure() {
        var runs = 0
        let counter = ScriptedSource { _ in
            runs += 1
            return .success(Page(items: (1...runs).map { FeedItem.line("run \($0)") }, hasMore: false))
        }
        counter.delay = 0.1
        let broken = ScriptedSource { _ in .failure(SourceError("cannot run /bin/sh")) }
        broken.delay = 0.1
        let h = ScreenHarness(sources: [counter, broken], titles: ["counter", "broken"], every: 2)
        h.advance(0.5)
        #expect(h.lines[1] == " ▾ counter · 1 line  every 2s")
        #expect(h.lines[3] == " ▾ broken · 0 lines  every 2s  failed: cannot run /bin/sh")
        h.advance(2.5)
        #expect(h.lines[1] == " ▾ counter · 2 lines  every 2s  1 new")
        #expect(h.lines[3] == "+run 2")
        // p pauses the selected row's source only.
        h.press(.character("p"))
        #expect(h.lines[1] == " ▾ counter · 2 lines  paused  1 new")
        #expect(h.lines[4].hasPrefix(" ▾ broken · 0 lines  every 2s"))
        h.press(.character("P"))
        #expect(h.lines[4].hasPrefix(" ▾ broken · 0 lines  paused"))
        #expect(h.lines[1].contains("paused"))
        h.press(.character("P"))
        #expect(h.lines[1].contains("every 2s") && h.lines[4].contains("every 2s"), "all paused: P resumes them all")
    }

    @Test func marksAndEnterWorkAcrossSources() {
        let a = LiveSource(lines: ["a1", "a2"])
        a.isOpen = false
        let b = LiveSource(lines: ["b1"])
        b.isOpen = false
        let h = ScreenHarness(sources: [a, b], titles: ["a", "b"]) { $0.multi = true }
        h.advance(0)
        h.press(.tab)
        h.press(.character("}"))
        h.press(.tab)
        h.press(.enter)
        #expect(h.chosen == ["a1\nb1"])
    }

    /// Lines that arrive in a file the list follows are new, in its section; a matching one is
    /// an alert (the first load's lines never are), read by the next key.
    @Test func anArrivingLineThatMatchesIsAnAlertUntilAKey() {
        let log = LiveSource(lines: ["ERROR old", "fine"])
        log.isWatched = true
        let quiet = LiveSource(lines: ["q"])
        quiet.isOpen = false
        let h = ScreenHarness(sources: [log, quiet], titles: ["app.log", "quiet"], alert: "ERROR")
        h.advance(0)
        #expect(h.bells == 0 && !h.text.contains("Alert:"))
        log.arrive(["ERROR disk full", "ok"])
        h.advance(0)
        #expect(h.bells == 1)
        #expect(h.lines[1] == " ▾ ! app.log · 4 lines  2 new")
        #expect(h.lines[4] == "+ERROR disk full")
        #expect(h.lines.last == " Alert: app.log: ERROR disk full")
        h.press(.down)
        #expect(!h.text.contains("Alert:") && h.lines[1] == " ▾ app.log · 4 lines  2 new")
    }

    /// A source that has not loaded yet turns a spinner in its header (a frame every 80 ms);
    /// once every source has loaded, no timer runs.
    @Test func aLoadingSourceTurnsASpinnerInItsHeader() {
        let slow = ScriptedSource.lines(total: 2)
        slow.delay = 1
        let quick = LiveSource(lines: ["q"])
        quick.isOpen = false
        let h = ScreenHarness(sources: [slow, quick], titles: ["slow", "quick"]) { $0.unicode = false }
        h.advance(0)
        let first = h.lines[1]
        #expect(first.hasPrefix(" v slow - 0 lines  ") && first.hasSuffix(" loading..."), "\(first)")
        h.advance(0.08)
        #expect(h.lines[1] != first && h.lines[1].hasSuffix(" loading..."), "the spinner turned")
        h.advance(1)
        #expect(h.lines[1] == " v slow - 2 lines")
    }

    /// A bound command's fields are split as the selected row's source splits them (each
    /// source of a dashboard may have its own `delimiter`), and a bound `refresh` refreshes
    /// that source.
    @Test func boundPlaceholdersUseTheSelectedRowsSource() throws {
        let colons = LiveSource(lines: ["root:x:0"])
        colons.isOpen = false
        let commas = LiveSource(lines: ["a,b,c"])
        commas.isOpen = false
        let bindings = try BindingList(parsing: ["f2:execute(echo {2})"])
        let h = ScreenHarness(sources: [colons, commas], titles: ["passwd", "csv"]) {
            $0.bindings = bindings
            $0.sourceDelimiters = [":", ","]
        }
        let runner = BoundKeysScreenTests.Runner()
        h.screen.boundActions.commands = runner
        h.advance(0)
        h.press(.function(2))
        h.press(.character("}"))
        h.press(.function(2))
        #expect(runner.inTerminal == ["echo 'x'", "echo 'b'"])
    }

    /// `o`, `z` and `Z` fold sources as they fold sections; a filter keeps each kept row's
    /// source header, and a search goes on into the next source.
    @Test func foldsFiltersAndSearchesWorkAcrossSources() {
        let a = LiveSource(lines: ["apple", "avocado"])
        a.isOpen = false
        let b = LiveSource(lines: ["banana", "apricot"])
        b.isOpen = false
        let h = ScreenHarness(sources: [a, b], titles: ["a", "b"]) { $0.unicode = true }
        h.advance(0)
        h.press(.character("z"))
        #expect(Array(h.lines[1...4]) == [" ▾ a · 2 lines", "›apple", " avocado", " ▸ b · 2 lines"])
        h.press(.character("Z"))
        #expect(h.lines[4] == " ▾ b · 2 lines")
        h.press(.character("o"))
        #expect(h.lines[1] == "›▸ a · 2 lines", "a folded header is selectable")
        h.press(.character("Z"))
        h.press(.character("&"))
        h.type("ap")
        h.press(.enter)
        h.finishFindWalks()
        #expect(Array(h.lines[1...4]) == [" ▾ a · 1 of 2 lines", "›apple", " ▾ b · 1 of 2 lines", " apricot"])
        h.press(.escape)
        h.press(.character("/"))
        h.type("an")
        h.press(.enter)
        h.finishFindWalks()
        #expect(h.selectedRow == "banana")
    }

    /// A source's header lines (`--header-lines`) head its section, dim and not selectable,
    /// and count as its first lines in the line numbers.
    @Test func aSourcesHeaderLinesHeadItsSection() {
        let ps = ScriptedSource { _ in .success(Page(items: ["PID CMD", "1 init", "2 sh"].map(FeedItem.line), hasMore: false)) }
        ps.delay = 0.01
        let other = LiveSource(lines: ["x"])
        other.isOpen = false
        let h = ScreenHarness(sources: [HeaderLinesSource(ps, count: 1), other], titles: ["ps", "other"]) { $0.lineNumbers = true }
        h.advance(0.1)
        #expect(Array(h.lines[1...5]) == ["    ▾ ps · 2 lines", "    PID CMD", "›2  1 init", " 3  2 sh", "    ▾ other · 1 line"])
        h.press(.down)
        h.press(.up)
        #expect(h.selectedRow == "2  1 init", "the header line is not selectable")
    }

    /// `{` and `}` step over a source's header lines: from a source's first line `{` goes to
    /// the source before, not to the same line again.
    @Test func sourceKeysStepOverHeaderLines() {
        func ps(_ name: String) -> HeaderLinesSource {
            let source = ScriptedSource { _ in .success(Page(items: ["PID CMD", "1 \(name)", "2 \(name)"].map(FeedItem.line), hasMore: false)) }
            source.delay = 0.01
            return HeaderLinesSource(source, count: 1)
        }
        let h = ScreenHarness(sources: [ps("a"), ps("b"), ps("c")], titles: ["a", "b", "c"])
        h.advance(0.1)
        #expect(h.selectedRow == "1 a")
        h.press(.character("}"))
        #expect(h.selectedRow == "1 b")
        h.press(.character("}"))
        #expect(h.selectedRow == "1 c")
        h.press(.character("{"))
        #expect(h.selectedRow == "1 b")
        h.press(.character("{"))
        #expect(h.selectedRow == "1 a")
        h.press(.character("}"))
        h.press(.down)
        #expect(h.selectedRow == "2 b")
        h.press(.character("{"))
        #expect(h.selectedRow == "1 b", "from a later row, its own first row")
    }
}
