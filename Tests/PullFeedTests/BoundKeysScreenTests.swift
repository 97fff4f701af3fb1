import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// Keys bound with `--bind` on a `MemoryScreen`, in virtual time, with a scripted command
/// runner: chains run in order, a silent command's chain goes on when it ends, failures are
/// toasts, placeholders are filled in for the row selected when the key was pressed, and a bound
/// key wins over the built-in one and shows in the help line and `?`.
@Suite struct BoundKeysScreenTests {
    /// Records the commands and finishes silent ones when told.
    final class Runner: BoundCommandRunning {
        var inTerminal: [String] = []
        var silent: [String] = []
        var terminalStatus: Int32 = 0
        var pending: [(Int32, String?) -> Void] = []

        func runInTerminal(_ command: String) -> Int32 {
            inTerminal.append(command)
            return terminalStatus
        }

        func runSilently(_ command: String, done: @escaping (Int32, String?) -> Void) {
            silent.append(command)
            pending.append(done)
        }

        func finish(status: Int32, message: String? = nil) {
            pending.removeFirst()(status, message)
        }
    }

    func screen(_ bind: [String], multi: Bool = false, lines: [String] = ["alpha 1", "beta 2", "gamma 3"],
                columns: Int = 80) throws -> (ScreenHarness, ScriptedSource, Runner) {
        let bindings = try BindingList(parsing: bind)
        let source = ScriptedSource { _ in .success(Page(items: lines.map(FeedItem.line), hasMore: false)) }
        source.delay = 0.01
        let h = ScreenHarness(source: source, columns: columns) {
            $0.bindings = bindings
            $0.multi = multi
        }
        let runner = Runner()
        h.screen.boundActions.commands = runner
        h.advance(0.1)
        return (h, source, runner)
    }

    @Test func aChainRunsInOrderAndPlaceholdersAreForTheSelectedRow() throws {
        let (h, source, runner) = try screen(["f2:execute(less {2})+down+execute(echo {} {-1})"])
        h.press(.down)
        h.press(.function(2))
        #expect(runner.inTerminal == ["less '2'", "echo 'beta 2' '2'"],
                "every command of the chain is for the row selected when the key was pressed")
        #expect(h.selectedRow == "gamma 3")
        #expect(source.requests.count == 1, "no refresh asked for")
    }

    @Test func executeSilentGoesOnWithTheChainWhenItsCommandEnds() throws {
        let (h, source, runner) = try screen(["ctrl-k:execute-silent(kill {2})+refresh"])
        h.press(.down)
        h.press(.ctrl("k"))
        #expect(runner.silent == ["kill '2'"])
        #expect(source.requests.count == 1, "the refresh waits for the command")
        runner.finish(status: 0)
        h.render()
        #expect(source.requests.count == 2, "then the list refreshes")
        h.advance(0.1)
        #expect(h.selectedRow == "beta 2", "in place")
    }

    @Test func aFailedCommandIsAToastWithItsStatus() throws {
        let (h, _, runner) = try screen(["ctrl-k:execute-silent(false)", "f2:execute(false)"])
        h.press(.ctrl("k"))
        runner.finish(status: 1, message: "kill: (2) - No such process")
        h.render()
        #expect(h.lines.last == " exit status 1: kill: (2) - No such process", "\(h.lines.last ?? "")")
        h.advance(4)
        #expect(!h.text.contains("exit status"), "gone after a while")
        runner.terminalStatus = 2
        h.press(.function(2))
        #expect(h.lines.last == " exit status 2")
    }

    @Test func aBoundKeyWinsOverTheBuiltInOne() throws {
        let (h, source, _) = try screen(["j:bottom,r:up"])
        h.press(.character("j"))
        #expect(h.selectedRow == "gamma 3", "j goes to the bottom")
        h.press(.character("r"))
        #expect(h.selectedRow == "beta 2", "r moves up")
        #expect(source.requests.count == 1, "r no longer refreshes")
        h.press(.down)
        #expect(h.selectedRow == "gamma 3", "Down still moves down")
        h.press(.function(5))
        #expect(source.requests.count == 2, "F5 still refreshes")
    }

    @Test func toggleMarksWithoutMovingAndPlusIsTheMarkedRows() throws {
        let (h, _, runner) = try screen(["ctrl-t:toggle", "f2:execute(echo {+1})"], multi: true)
        h.press(.function(2))
        #expect(runner.inTerminal == ["echo 'alpha'"], "no marks: {+} is the selected row")
        h.press(.ctrl("t"))
        #expect(h.lines[1] == "*alpha 1")
        #expect(h.lines[0].contains("1 marked"))
        h.press(.end, .ctrl("t"))
        h.press(.function(2))
        #expect(runner.inTerminal.last == "echo 'alpha' 'gamma'")
    }

    @Test func acceptPrintsAsEnterAndTopBottomUpDownMove() throws {
        let (h, _, _) = try screen(["ctrl-a:bottom+up+up+down+accept", "ctrl-g:top"])
        h.press(.ctrl("a"))
        #expect(h.chosen == ["beta 2"])
        h.press(.ctrl("g"))
        #expect(h.selectedRow == "alpha 1")
    }

    @Test func togglePreviewWithoutAPreviewSaysSo() throws {
        let (h, _, _) = try screen(["ctrl-p:toggle-preview"])
        h.press(.ctrl("p"))
        #expect(h.lines.last == " No preview to show: start pullfeed with --preview CMD")
    }

    @Test func togglePreviewOpensAndClosesThePane() throws {
        let bindings = try BindingList(parsing: ["ctrl-p:toggle-preview"])
        let runner = FakePreviewRunner()
        let settings = PreviewSettings(template: try RowTemplate(parsing: "echo {}"), window: try PreviewWindow(parsing: "right:50%:hidden"))
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(["a", "b"])), previewRunner: runner) {
            $0.preview = settings
            $0.bindings = bindings
        }
        h.advance(1)
        #expect(!h.lines[1].contains("│"), "hidden at first")
        h.press(.ctrl("p"))
        h.advance(0.2)
        #expect(runner.commands == ["echo 'a'"])
        #expect(h.lines[1].contains("│"), "open: \(h.lines[1])")
        h.press(.ctrl("p"))
        #expect(!h.lines[1].contains("│"), "closed again")
    }

    @Test func theHelpLineAndTheKeysPageShowTheBindings() throws {
        let (h, _, _) = try screen(["ctrl-k:execute-silent(kubectl delete pod {1})+refresh", "f2:refresh"], columns: 120)
        let help = try #require(h.lines.last)
        #expect(help.contains("ctrl-k kubectl delete pod …  f2 refresh"), "the command, cut: \(help)")
        #expect(help.contains("f2 refresh"), "\(help)")
        h.press(.character("?"))
        #expect(h.lines.contains { $0.hasPrefix(" ctrl-k") && $0.contains("Bound with --bind: execute-silent(kubectl delete pod {1})+refresh") },
                "\(h.lines)")
        #expect(h.lines.contains { $0.hasPrefix(" f2") && $0.contains("Bound with --bind: refresh") })
    }

    @Test func theKeysPageIsInChineseToo() throws {
        let bindings = try BindingList(parsing: ["f2:refresh"])
        let source = ScriptedSource { _ in .success(Page(items: [.line("a")], hasMore: false)) }
        let h = ScreenHarness(source: source, rows: 40) {
            $0.bindings = bindings
            $0.multi = true
            $0.language = .simplifiedChinese
        }
        h.advance(2)
        h.press(.character("?"))
        #expect(h.lines.contains { $0.contains("--bind 绑定：refresh") }, "\(h.lines)")
        #expect(h.lines.contains { $0.contains("标记或取消标记该行，然后下移") }, "\(h.lines)")
    }
}
