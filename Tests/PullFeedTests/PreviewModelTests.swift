import Testing
@testable import PullFeed

/// The preview model as a table of events and effects: what runs when the selection moves,
/// what is shown meanwhile, and how a run's end reads.
@Suite struct PreviewModelTests {
    static func row(_ n: Int) -> PreviewModel.Request { .command("echo \(n)", row: "\(n)") }

    @Test func aSelectionAfterAQuietSpellRunsAtOnceAndArmsTheDebounce() {
        var model = PreviewModel(isOpen: true)
        #expect(model.handle(.select(Self.row(1))) == [.start(run: 1, command: "echo 1"), .wait(id: 2, seconds: PreviewModel.debounce)])
        #expect(model.status == .running)
        #expect(model.runsStarted == 1)
    }

    @Test func rowsMovedPastQuicklyRunNothingAndTheLastRunsWhenTheTimerFires() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        var effects: [PreviewModel.Effect] = []
        for n in 2...1000 { effects += model.handle(.select(Self.row(n))) }
        #expect(effects.first == .stop(run: 1), "the first run is stopped by the next row")
        #expect(!effects.contains { if case .start = $0 { true } else { false } }, "no row moved past runs")
        guard case .wait(let id, _)? = effects.last else { Issue.record("no timer"); return }
        #expect(model.handle(.timerFired(id - 1)) == [], "an older timer does nothing")
        #expect(model.handle(.timerFired(id)) == [.start(run: id + 1, command: "echo 1000")])
        #expect(model.runsStarted == 2)
    }

    @Test func theOldOutputStaysUntilTheNewRunPrints() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        _ = model.handle(.output(run: 1, lines: ["one"]))
        _ = model.handle(.ended(run: 1, status: 0, message: nil, cut: false))
        #expect(model.lines == ["one"])
        #expect(model.status == .done)
        let effects = model.handle(.select(Self.row(2)))
        #expect(effects == [.wait(id: 3, seconds: PreviewModel.debounce)], "within the debounce: waits")
        #expect(model.lines == ["one"])
        _ = model.handle(.timerFired(3))
        #expect(model.lines == ["one"], "still the old output while the new run has printed nothing")
        _ = model.handle(.output(run: 1, lines: ["late"]))
        #expect(model.lines == ["one"], "a stopped run's output is ignored")
        _ = model.handle(.output(run: 4, lines: ["two"]))
        #expect(model.lines == ["two"])
        _ = model.handle(.output(run: 4, lines: ["three"]))
        #expect(model.lines == ["two", "three"])
    }

    @Test func aRunThatPrintsNothingClearsThePane() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        _ = model.handle(.output(run: 1, lines: ["one"]))
        _ = model.handle(.ended(run: 1, status: 0, message: nil, cut: false))
        _ = model.handle(.timerFired(2))
        _ = model.handle(.select(Self.row(2)))
        _ = model.handle(.ended(run: 3, status: 0, message: nil, cut: false))
        #expect(model.lines.isEmpty)
    }

    @Test func aFailureKeepsItsStatusAndStderrLine() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        _ = model.handle(.output(run: 1, lines: ["partial"]))
        _ = model.handle(.ended(run: 1, status: 3, message: "no such pod", cut: false))
        #expect(model.status == .failed(status: 3, message: "no such pod"))
        #expect(model.lines == ["partial"])
    }

    @Test func theSameRequestDoesNotRunAgainButAChangedRowDoes() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        _ = model.handle(.ended(run: 1, status: 0, message: nil, cut: false))
        _ = model.handle(.timerFired(2))
        #expect(model.handle(.select(Self.row(1))) == [], "a refresh that left the row alone")
        _ = model.handle(.select(nil))
        #expect(model.lines.isEmpty)
        #expect(model.handle(.select(Self.row(1))).contains(.start(run: 3, command: "echo 1")), "back to the row: runs again")
        #expect(model.handle(.select(.command("echo 1", row: "1 changed"))).contains(.stop(run: 3)), "the row's text changed")
    }

    @Test func closedItRunsNothingAndOpeningRunsTheSelectedRowAtOnce() {
        var model = PreviewModel(isOpen: false)
        #expect(model.handle(.select(Self.row(5))) == [])
        #expect(model.handle(.toggle) == [.start(run: 1, command: "echo 5")])
        #expect(model.isOpen)
        #expect(model.handle(.toggle) == [.stop(run: 1)], "closing stops the run")
        #expect(model.handle(.output(run: 1, lines: ["x"])) == [])
        #expect(model.handle(.toggle) == [.start(run: 2, command: "echo 5")], "reopened, the stopped run runs again")
    }

    @Test func textIsShownAtOnceAndStopsARun() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        #expect(model.handle(.select(.text(["Title", "body"]))) == [.stop(run: 1)])
        #expect(model.lines == ["Title", "body"])
        #expect(model.status == .done)
    }

    @Test func outputIsBoundedAndACutRunSaysSo() {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(Self.row(1)))
        let many = (0..<PreviewModel.maxLines + 10).map(String.init)
        _ = model.handle(.output(run: 1, lines: many))
        _ = model.handle(.output(run: 1, lines: ["more"]))
        #expect(model.lines.count == PreviewModel.maxLines)
        _ = model.handle(.ended(run: 1, status: 137, message: nil, cut: true))
        #expect(model.status == .cut, "killed at the limit: not a failure")
    }

    @Test(arguments: [
        (start: 0, by: 1, lines: 10, height: 4, expected: 1),
        (start: 0, by: -1, lines: 10, height: 4, expected: 0),
        (start: 0, by: 100, lines: 10, height: 4, expected: 6),
        (start: 0, by: 3, lines: 3, height: 4, expected: 0),
        (start: 6, by: -2, lines: 10, height: 4, expected: 4),
    ])
    func scrollingStaysInTheLines(start: Int, by: Int, lines: Int, height: Int, expected: Int) {
        var model = PreviewModel(isOpen: true)
        _ = model.handle(.select(.text((0..<lines).map(String.init))))
        _ = model.handle(.scroll(by: start, height: height))
        _ = model.handle(.scroll(by: by, height: height))
        #expect(model.scroll == expected)
    }
}

/// `--preview-window` values and their errors.
@Suite struct PreviewWindowTests {
    @Test(arguments: [
        ("right:50%", PreviewWindow(position: .right, extent: .percent(50))),
        ("down:40%", PreviewWindow(position: .down, extent: .percent(40))),
        ("down", PreviewWindow(position: .down, extent: .percent(50))),
        ("hidden", PreviewWindow(position: .right, extent: .percent(50), startsHidden: true)),
        ("right:60:hidden", PreviewWindow(position: .right, extent: .cells(60), startsHidden: true)),
        ("30%:down", PreviewWindow(position: .down, extent: .percent(30))),
    ])
    func parses(_ text: String, _ expected: PreviewWindow) throws {
        #expect(try PreviewWindow(parsing: text) == expected)
    }

    @Test(arguments: [
        ("", "empty"), ("left:50%", "'left'"), ("right:0%", "between 1% and 99%"), ("right:100%", "between 1% and 99%"),
        ("down:0", "at least 1"), ("right:down", "position twice"), ("right:50%:40%", "size twice"),
        ("right:", "''"), ("right:5x", "'5x'"), ("right:-5", "'-5'"), ("down:99999999999999999999", "too big"),
    ])
    func rejects(_ text: String, naming part: String) {
        #expect {
            _ = try PreviewWindow(parsing: text)
        } throws: { error in
            (error as? PreviewWindow.ParseError)?.description.contains(part) == true
        }
    }
}

/// Where the list and the pane go.
@Suite struct PreviewLayoutTests {
    @Test func aPaneOnTheRightTakesItsShareBesideTheListAndItsHeaderLines() {
        let screen = ScreenLayout(size: .init(columns: 100, rows: 24), fixedLines: 1)
        let layout = PreviewLayout(screen: screen, window: PreviewWindow())
        #expect(layout.listWidth == 49)
        #expect(layout.listHeight == screen.listHeight)
        #expect(layout.border == .init(top: 1, left: 49, height: 22, width: 1))
        #expect(layout.pane == .init(top: 1, left: 51, height: 22, width: 49))
        #expect(layout.hidden == nil)
    }

    @Test func aPaneBelowTakesItsShareOfTheListRows() {
        let screen = ScreenLayout(size: .init(columns: 80, rows: 24))
        let layout = PreviewLayout(screen: screen, window: PreviewWindow(position: .down, extent: .percent(40)))
        #expect(layout.listWidth == 80)
        #expect(layout.listHeight == 22 - 8 - 1)
        #expect(layout.border == .init(top: 1 + 13, left: 0, height: 1, width: 80))
        #expect(layout.pane == .init(top: 15, left: 1, height: 8, width: 79))
    }

    @Test(arguments: [39, 20, 1])
    func underFortyColumnsThePaneIsHidden(columns: Int) {
        let screen = ScreenLayout(size: .init(columns: columns, rows: 24))
        let layout = PreviewLayout(screen: screen, window: PreviewWindow())
        #expect(layout.pane == nil && layout.border == nil)
        #expect(layout.hidden == .tooNarrow)
        #expect(layout.listWidth == columns)
    }

    @Test func theListKeepsSomeColumnsAndAPaneBelowSomeRows() {
        let wide = PreviewLayout(screen: ScreenLayout(size: .init(columns: 40, rows: 10)),
                                 window: PreviewWindow(position: .right, extent: .cells(500)))
        #expect(wide.listWidth == PreviewLayout.minListColumns)
        #expect(wide.pane.map { $0.left + $0.width } == 40, "the pane ends at the right edge")
        let short = PreviewLayout(screen: ScreenLayout(size: .init(columns: 80, rows: 4)),
                                  window: PreviewWindow(position: .down, extent: .percent(50)))
        #expect(short.hidden == .tooShort)
        #expect(short.listHeight == 2)
    }
}
