import Testing
@testable import PullFeed
import TerminalUI

/// Runs nothing: records each preview command and lets the test say what it prints.
final class FakePreviewRunner: PreviewRunning {
    struct Run {
        var command: String
        var environment: [String: String]
        var deliver: (PreviewModel.Event) -> Void
        var stopped = false
    }

    private(set) var runs: [Int: Run] = [:]
    private(set) var order: [Int] = []

    func start(_ command: String, run: Int, environment: [String: String],
               deliver: @escaping (PreviewModel.Event) -> Void) -> () -> Void {
        runs[run] = Run(command: command, environment: environment, deliver: deliver)
        order.append(run)
        return { [weak self] in self?.runs[run]?.stopped = true }
    }

    var commands: [String] { order.compactMap { runs[$0]?.command } }
    var last: Int? { order.last }

    func print(_ lines: [String], run: Int? = nil) {
        let run = run ?? last!
        runs[run]!.deliver(.output(run: run, lines: lines))
    }

    func end(status: Int32 = 0, message: String? = nil, run: Int? = nil) {
        let run = run ?? last!
        runs[run]!.deliver(.ended(run: run, status: status, message: message, cut: false))
    }
}

/// The preview pane on the screen, in virtual time: it follows the selection, debounced; its
/// output is drawn sanitised beside (or below) the list; it toggles, scrolls, shows a failure,
/// and hides under 40 columns.
@Suite struct PreviewScreenTests {
    static func harness(_ template: String = "echo line {}", window: PreviewWindow = PreviewWindow(),
                        lines: [String] = (1...100).map(String.init), columns: Int = 80, rows: Int = 24,
                        runner: FakePreviewRunner) throws -> ScreenHarness {
        let settings = PreviewSettings(template: try RowTemplate(parsing: template), window: window)
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(lines)), columns: columns, rows: rows,
                              previewRunner: runner) { $0.preview = settings }
        h.advance(1)
        // Past the debounce of the first rows' arrival.
        h.advance(0.2)
        return h
    }

    /// `{+}` in `--preview` stands for the marked rows, as in a bound command; marking a row
    /// runs the preview again with them.
    @Test func plusStandsForTheMarkedRows() throws {
        let runner = FakePreviewRunner()
        let settings = PreviewSettings(template: try RowTemplate(parsing: "echo {+}"), window: PreviewWindow())
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(["a", "b", "c"])), previewRunner: runner) {
            $0.preview = settings
            $0.multi = true
        }
        h.advance(1.2)
        #expect(runner.commands.last == "echo 'a'", "no marks: the selected row")
        h.press(.tab, .tab)
        h.advance(0.5)
        #expect(runner.commands.last == "echo 'a' 'b'")
    }

    @Test func thePreviewFollowsTheSelectionBesideTheList() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness(runner: runner)
        #expect(runner.commands == ["echo line '1'"])
        runner.print(["line 1"])
        h.render()
        #expect(h.lines[1] == "›1" + String(repeating: " ", count: 37) + "│ line 1", "the list keeps 39 columns, the border 1")
        #expect(h.lines[0].hasPrefix(" PullFeed"), "the title spans the width")
        #expect(h.lines[23].contains("v preview"), "the help line says v")
        #expect(runner.runs[1]?.environment["PULLFEED_PREVIEW_COLUMNS"] == "39")
        #expect(runner.runs[1]?.environment["PULLFEED_PREVIEW_LINES"] == "22")
        h.press(.down)
        #expect(runner.runs[1]?.stopped == true, "a newer selection stops the older run")
        #expect(runner.commands.count == 1, "the command starts after the frame the key brings")
        h.advance(0.001)
        #expect(runner.commands.last == "echo line '2'", "a single key after a quiet spell runs at once")
        #expect(h.lines[1].hasSuffix("│ line 1"), "the old output stays until the new one prints")
        #expect(h.canvas.style(row: 1, column: 41).dim, "dim meanwhile")
        runner.print(["line 2", "\u{1B}[31mred\u{1B}[0m \u{1B}[2J 中文😀 and a long tail that goes past the edge of the pane"])
        h.render()
        #expect(h.lines[1].hasSuffix("│ line 2"))
        #expect(!h.canvas.style(row: 1, column: 41).dim)
        #expect(h.lines[2].hasSuffix("│ red ␛[2J 中文😀 and a long tail that g…"), "cut to the 39 columns of the pane, wide characters at their widths")
        #expect(h.canvas.style(row: 2, column: 41).foreground == .red, "SGR colours kept")
        #expect(h.canvas.style(row: 2, column: 44).foreground == .default)
    }

    @Test func holdingDownThroughAThousandRowsRunsAHandfulOfCommands() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness(lines: (1...2000).map(String.init), runner: runner)
        for _ in 0..<1000 {
            h.screen.handle(.key(.down))
            h.render()
            h.time.advance(0.03)  // key repeat
        }
        #expect(runner.commands.count <= 3, "\(runner.commands.count) runs")
        h.advance(0.2)
        #expect(runner.commands.last == "echo line '1001'", "the row the selection rests on runs")
        #expect(runner.commands.count <= 3)
        #expect(runner.order.dropLast().allSatisfy { runner.runs[$0]!.stopped })
    }

    @Test func vTogglesThePaneAndTheListTakesTheWidthBack() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness(window: try PreviewWindow(parsing: "right:30:hidden"), runner: runner)
        #expect(runner.commands.isEmpty, "hidden: runs nothing")
        #expect(!h.lines[1].contains("│"))
        h.press(.down, .down)
        #expect(runner.commands.isEmpty)
        h.press(.character("v"))
        h.advance(0.001)
        #expect(runner.commands == ["echo line '3'"])
        #expect(h.lines[3].dropFirst(49).hasPrefix("│"), "30 columns, a border, the list in the rest")
        h.press(.character("v"))
        #expect(runner.runs[1]?.stopped == true)
        #expect(!h.lines[3].contains("│"))
    }

    @Test func aPaneBelowShrinksTheListAndScrollsWithShiftAndTheWheel() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness(window: try PreviewWindow(parsing: "down:10"), runner: runner)
        runner.print((1...50).map { "out \($0)" })
        runner.end()
        h.render()
        #expect(h.lines[11] == " 11", "the list keeps 22 - 10 - 1 rows")
        #expect(h.lines[12] == String(repeating: "─", count: 80))
        #expect(h.lines[13].hasPrefix(" out 1 "))
        #expect(h.lines[13].hasSuffix(" 1/50"), "the position shows when the output does not fit")
        #expect(h.lines[22] == " out 10")
        #expect(h.screen.list.viewportHeight == 11)
        h.press(.shift(.down), times: 3)
        #expect(h.lines[13].hasPrefix(" out 4 "))
        #expect(h.selectedRow == "1", "the selection did not move")
        h.screen.handle(.mouse(MouseEvent(kind: .wheelDown, row: 15, column: 10)))
        h.render()
        #expect(h.lines[13].hasPrefix(" out 7 "))
        h.screen.handle(.mouse(MouseEvent(kind: .wheelDown, row: 3, column: 10)))
        h.render()
        #expect(h.lines[13].hasPrefix(" out 7 "), "the wheel over the list moves the list")
        h.press(.shift(.up), times: 100)
        #expect(h.lines[13].hasPrefix(" out 1 "))
    }

    @Test func aFailedPreviewShowsItsExitStatusAndStderr() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness(runner: runner)
        runner.print(["partial"])
        runner.end(status: 3, message: "boom")
        h.render()
        #expect(h.lines[1].hasSuffix("│ partial"))
        #expect(h.lines[22].hasSuffix("│ exit status 3: boom"))
        #expect(h.canvas.style(row: 22, column: 42).bold)
    }

    @Test func aRefreshRunsThePreviewAgainOnlyWhenTheRowsTextChanged() throws {
        let runner = FakePreviewRunner()
        let output = LiveFeedScreenTests.Output(["a 1", "b 1"])
        let settings = PreviewSettings(template: try RowTemplate(parsing: "show {1}"), window: PreviewWindow())
        let h = ScreenHarness(source: LiveFeedScreenTests.source(output), identity: LineIdentity(fields: try FieldSelection(parsing: "1")),
                              previewRunner: runner) { $0.preview = settings }
        h.advance(1.01)
        runner.end()
        h.press(.character("r"))
        h.advance(1.01)
        #expect(runner.commands == ["show 'a'"], "same text: not run again")
        output.lines = ["a 2", "b 1"]
        h.press(.character("r"))
        h.advance(1.01)
        #expect(runner.commands == ["show 'a'", "show 'a'"], "the row's text changed: run again")
    }

    @Test func underFortyColumnsThePaneIsHiddenWithAMessage() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness(columns: 39, runner: runner)
        #expect(!h.text.contains("│"))
        #expect(h.lines[23] == " Preview hidden: under 40 columns")
        #expect(h.lines[1] == "›1")
        h.canvas.resize(columns: 80, rows: 24)
        h.screen.handle(.resize(Size(columns: 80, rows: 24)))
        h.render()
        #expect(h.lines[1].contains("│"))
    }

    @Test func theQueryIsTheFilterText() throws {
        let runner = FakePreviewRunner()
        let h = try Self.harness("grep {q} {}", runner: runner)
        h.type("&7")
        h.press(.enter)
        h.advance(0.2)
        #expect(runner.commands.last == "grep '7' '7'")
    }

    @Test func theDemoPreviewsTheSelectedArticleWithoutACommand() throws {
        let runner = FakePreviewRunner()
        let h = ScreenHarness(source: DemoSource(latency: 0.6, seed: 1), previewRunner: runner) {
            $0.preview = PreviewSettings(template: nil, window: PreviewWindow(position: .right, extent: .percent(50), startsHidden: true))
        }
        h.advance(1)
        #expect(h.lines[23].contains("v preview"))
        h.press(.character("v"))
        #expect(runner.commands.isEmpty)
        let pane = h.lines.map { String($0.dropFirst(41)) }
        #expect(pane[1].hasPrefix("Article 1"), "\(pane)")
        #expect(pane.contains { $0.contains("💬") }, "its comments")
        #expect(h.canvas.style(row: 3, column: 42).bold, "its title in bold")
    }

    @Test func withoutAPreviewVDoesNothingAndTheHelpLineDoesNotOfferIt() {
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(["a", "b"])))
        h.advance(1)
        let before = h.lines
        h.press(.character("v"))
        #expect(h.lines == before)
        #expect(!h.lines[23].contains("v preview"))
    }
}

extension PreviewScreenTests {
    /// Random keys (the preview's among them), wheel turns, resizes from 1×1 up and waits, with
    /// a preview that prints hostile text: every frame keeps the feed's invariants (rows fit,
    /// no control character, no half of a wide one), and the list's viewport is the height
    /// drawn.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomSessionsWithAPreviewKeepEveryFrameWhole(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed &* 104_729)
        let runner = FakePreviewRunner()
        let window = seed == 2 ? PreviewWindow(position: .down, extent: .percent(40)) : PreviewWindow()
        let lines = (0..<300).map { "\($0) 中文😀 \u{1B}[31mred\u{1B}[0m \u{1B}[2J\t$(x)" }
        let h = try Self.harness(window: window, lines: lines, columns: 60, rows: 20, runner: runner)
        let hostile = ["\u{1B}]52;c;AAAA\u{07}x", "\u{1B}[1;1H\u{1B}[2J中文😀👨‍👩‍👧‍👦", String(repeating: "宽", count: 200), "\u{9B}31m\u{0}\u{7F}"]
        var answered = Set<Int>()
        for step in 0..<300 {
            switch rng.next() % 10 {
            case 0: h.press(.character("v"))
            case 1: h.press(.shift(rng.next() % 2 == 0 ? .up : .down))
            case 2:
                let size = h.canvas.size
                h.screen.handle(.mouse(MouseEvent(kind: rng.next() % 2 == 0 ? .wheelUp : .wheelDown,
                                                  row: Int(rng.next() % UInt64(max(1, size.rows))),
                                                  column: Int(rng.next() % UInt64(max(1, size.columns))))))
                h.render()
            case 3:
                let (columns, rows) = (Int(rng.next() % 150) + 1, Int(rng.next() % 50) + 1)
                h.canvas.resize(columns: columns, rows: rows)
                h.screen.handle(.resize(Size(columns: columns, rows: rows)))
                h.render()
            case 4: h.advance([0.01, 0.1, 0.5][Int(rng.next() % 3)])
            default: h.press([.down, .up, .pageDown, .end, .home][Int(rng.next() % 5)])
            }
            for run in runner.order where !answered.contains(run) && runner.runs[run]?.stopped == false {
                answered.insert(run)
                runner.print(hostile + (0..<Int(rng.next() % 40)).map { "line \($0)" }, run: run)
                if rng.next() % 2 == 0 { runner.end(status: Int32(rng.next() % 4), message: "\u{1B}[2Jerr 中文", run: run) }
            }
            h.render()
            FeedFuzzTests.checkInvariants(h, context: "seed \(seed) step \(step)")
            #expect(!h.text.contains("\u{1B}"), "seed \(seed) step \(step): an escape reached the screen")
            #expect(h.screen.list.viewportHeight == h.screen.paneLayout(for: h.canvas.size).listHeight, "seed \(seed) step \(step)")
        }
    }
}

/// The controller runs the preview model on its runtime: one frame after every event it
/// handles, the run's output included.
@Suite struct PreviewControllerTests {
    @Test func everyEventAndEveryBatchOfOutputAsksForOneFrame() throws {
        let runner = FakePreviewRunner()
        let time = VirtualTime()
        let controller = PreviewController(settings: PreviewSettings(template: try RowTemplate(parsing: "echo {}")),
                                           runner: runner, scheduler: time.scheduler)
        var frames = 0
        controller.runtime.onRender = { frames += 1 }
        controller.send(.select(.command("echo '1'", row: "1")))
        #expect(frames == 1)
        time.advance(0.001)
        runner.print(["line 1"])
        runner.end()
        #expect(frames == 3, "the output and the end")
        time.advance(1)
        #expect(frames == 4, "the debounce timer's event")
        controller.send(.select(.command("echo '2'", row: "2")))
        time.advance(0.001)
        runner.print(["line 2"])
        #expect(controller.model.lines == ["line 2"])
        #expect(frames == 6, "the selection, and the new run's line")
        runner.end()
        #expect(frames == 7)
    }
}
