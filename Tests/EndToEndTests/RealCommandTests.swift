import Foundation
import Testing

/// Real commands, logs and pipelines as a new user runs them: output written in several
/// writes (`;`, `&&`, a pause, a pipeline), a header apart from its rows, lines of a MiB,
/// following a stream that never ends. Each test drives the built binary in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct RealCommandTests {
    /// The item count at the end of the title bar (`101 items`, `every 1s · 6 items`).
    func titleCount(_ session: HardeningSession) -> Int? {
        let title = session.screenLines().first ?? ""
        let words = title.split(separator: " ")
        guard let last = words.last, last == "items" || last == "item", words.count >= 2 else { return nil }
        // A run still going says more may come (`167,424+`): its number is what was read.
        return Int(words[words.count - 2].replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "+", with: ""))
    }

    func press(_ session: HardeningSession, _ key: String, times: Int) {
        for _ in 0..<times { session.tmux.sendKeys(key) }
    }

    /// Waits until the selected row reads `text`.
    func waitForSelection(_ session: HardeningSession, _ text: String, timeout: Double = 10) throws {
        try session.tmux.waitUntil(timeout: timeout, "the selection on \(text)") { _ in session.selectedText() == text }
    }

    @Test func aRefreshIsJudgedOnTheWholeRunNotItsFirstWrite() throws {
        let session = try HardeningSession(["--command", "echo start; sleep 0.1; seq 100"])
        try session.tmux.waitFor("101 items")
        press(session, "Down", times: 20)
        try waitForSelection(session, "20")
        session.tmux.sendKeys("r")
        let screen = try session.tmux.waitFor("No new items")
        #expect(!screen.contains("gone"), "nothing is gone: \(screen)")
        #expect(session.selectedText() == "20")
        #expect(titleCount(session) == 101)
    }

    /// More output than a stream reads without being asked (1.3 MB): a refresh judges what was
    /// shown against as many lines of the new run, not against the part its first page read,
    /// and after End against all of it; the place stays.
    @Test func aRefreshOfMoreOutputThanIsReadAheadKeepsItsCountAndPlace() throws {
        let session = try HardeningSession(["--command", "seq 1 200000"])
        // The lines read ahead arrive without a request until the reader holds.
        var last = -1
        let shown = try session.tmux.waitUntil(timeout: 10, "the count to settle") { _ in
            let count = titleCount(session) ?? -1
            defer { last = count }
            usleep(200_000)
            return count > 0 && count == last
        }
        let count = try #require(titleCount(session), "\(shown)")
        #expect(count < 200_000, "the first page reads only part of the output: \(shown)")
        press(session, "Down", times: 20)
        try waitForSelection(session, "21")
        session.tmux.sendKeys("r")
        var screen = try session.tmux.waitFor("No new items")
        #expect(!screen.contains("gone"), "\(screen)")
        #expect((titleCount(session) ?? 0) >= count, "\(screen)")
        #expect(session.selectedText() == "21")
        session.tmux.sendKeys("End")
        try session.tmux.waitUntil(timeout: 20, "the end") { _ in titleCount(session) == 200_000 && session.selectedText() == "200000" }
        try session.tmux.waitUntil(timeout: 10, "the toast to go") { !$0.contains("No new items") }
        session.tmux.sendKeys("r")
        screen = try session.tmux.waitFor("No new items", timeout: 20)
        #expect(titleCount(session) == 200_000, "\(screen)")
        #expect(session.selectedText() == "200000", "\(screen)")
    }

    /// `--every` counts from the end of the run, not from its first lines: a run that pauses
    /// after its first output is not killed by the next turn, and its later lines are not
    /// called new.
    @Test func everyWaitsForTheRunToEnd() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = directory + "/runs"
        let command = "echo start >> \(Tmux.shellQuote(log)); echo first; sleep 2; echo second; echo end >> \(Tmux.shellQuote(log))"
        let session = try HardeningSession(["--every", "1", "--command", command], directory: directory)
        try session.tmux.waitFor("first")
        let runs = { (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [] }
        try session.tmux.waitUntil(timeout: 15, "a second run") { _ in runs().filter { $0 == "start" }.count >= 2 }
        #expect(Array(runs().prefix(3)) == ["start", "end", "start"], "a run was started before the one before it ended")
        let screen = session.tmux.capture()
        #expect(screen.contains("second") && !screen.contains("new item"), "\(screen)")
    }

    /// A run whose output waits to be read (more than is read unasked) is not running on its
    /// own: `--timeout` does not end it, and `--every` does not wait for it.
    @Test func aRunWaitingToBeReadNeitherTimesOutNorHoldsEvery() throws {
        let held = try HardeningSession(["--timeout", "1", "--command", "seq 1 300000"])
        try held.tmux.waitFor("items")
        usleep(2_500_000)
        held.tmux.sendKeys("End")
        let screen = try held.tmux.waitUntil(timeout: 20, "the end") { _ in titleCount(held) == 300_000 && held.selectedText() == "300000" }
        #expect(!screen.contains("timed out"), "\(screen)")

        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = directory + "/runs"
        let every = try HardeningSession(["--every", "1", "--command", "echo start >> \(Tmux.shellQuote(log)); seq 1 300000"],
                                         directory: directory)
        let runs = { (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        try every.tmux.waitUntil(timeout: 10, "three runs") { _ in runs() >= 3 }
    }

    /// A refresh that times out is no result: the rows shown stay as they were, and the lines
    /// its run wrote are not added to them afterwards.
    @Test func aRefreshThatTimesOutLeavesTheRowsAlone() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/lines"
        try "1\n2\n3\n4\n5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let session = try HardeningSession(["--timeout", "1", "--command", "cat \(Tmux.shellQuote(file)); sleep 3"], directory: directory)
        try session.tmux.waitFor("Refresh failed: command timed out after 1 s", timeout: 10)
        try session.tmux.waitUntil(timeout: 10, "the toast to go") { !$0.contains("timed out") }
        try "a\nb\nc\nd\ne\nf\ng\nh\n".write(toFile: file, atomically: true, encoding: .utf8)
        session.tmux.sendKeys("r")
        try session.tmux.waitFor("Refresh failed: command timed out after 1 s", timeout: 10)
        // Lines the timed-out run wrote would come as a catch-up right after the failure.
        usleep(500_000)
        let rows = session.screenLines().dropFirst().prefix(8).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ›")) }
        #expect(titleCount(session) == 5, "\(session.screenLines())")
        #expect(Array(rows.prefix(5)) == ["1", "2", "3", "4", "5"] && !rows.contains("f"), "\(rows)")
    }

    /// A held run's clock goes on once its output is read again: past End it hangs, and
    /// `--timeout` still ends it.
    @Test func aHeldRunsClockGoesOnWhenItIsReadAgain() throws {
        let session = try HardeningSession(["--timeout", "2", "--command", "seq 1 300000; sleep 30"])
        try session.tmux.waitFor("items")
        usleep(3_000_000)
        #expect(!session.tmux.capture().contains("timed out"))
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("Refresh failed: command timed out after 2 s", timeout: 15)
        #expect(titleCount(session) == 300_000)
    }

    @Test func everyCountsOnlyTheLineThatChanged() throws {
        let session = try HardeningSession(["--every", "1", "--command", "date +%s%N; seq 5"])
        try session.tmux.waitFor("6 items")
        press(session, "Down", times: 3)
        try waitForSelection(session, "3")
        let screen = try session.tmux.waitUntil(timeout: 8, "a refresh's count") { $0.contains("new item") }
        #expect(screen.contains("1 new item · 1 gone"), "\(screen)")
        #expect(session.selectedText() == "3")
    }

    @Test func theTimeoutCoversTheWholeRun() throws {
        let session = try HardeningSession(["--timeout", "2", "--command", "echo partial; sleep 10"])
        try session.tmux.waitFor("partial")
        let started = Date()
        let screen = try session.tmux.waitFor("Refresh failed: command timed out after 2 s", timeout: 8)
        #expect(Date().timeIntervalSince(started) < 6)
        #expect(screen.contains("partial"), "the lines it printed stay: \(screen)")
    }

    @Test func timeoutZeroLetsACommandRunOn() throws {
        let session = try HardeningSession(["--timeout", "0", "--command", "echo first; sleep 1.5; echo second"])
        try session.tmux.waitFor("first")
        let screen = try session.tmux.waitFor("second", timeout: 6)
        #expect(!screen.contains("timed out"))
    }

    @Test func aHeaderWrittenApartFromItsRowsKeepsTheRows() throws {
        for _ in 0..<3 {
            let session = try HardeningSession(["--header-lines", "1", "--command", "printf 'USER PID COMMAND\\n'; seq 1 80"])
            try session.tmux.waitFor("80 items")
            let lines = session.screenLines()
            #expect(lines[1].trimmingCharacters(in: .whitespaces) == "USER PID COMMAND")
            #expect(session.selectedText() == "1")
        }
    }

    @Test func aHeaderWhoseLinesComeApartIsCompleted() throws {
        let session = try HardeningSession(["--header-lines", "2", "--command", "echo H1; sleep 0.3; echo H2; sleep 0.3; seq 3"])
        try session.tmux.waitFor("3 items")
        let lines = session.screenLines()
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "H1")
        #expect(lines[2].trimmingCharacters(in: .whitespaces) == "H2")
        #expect(session.selectedText() == "1")
    }

    @Test func aPipedHeaderBeforeAPauseKeepsTheRows() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try HardeningSession(["--header-lines", "1"], directory: directory,
                                           prefix: "(echo H; sleep 0.3; seq 3) |")
        try session.tmux.waitFor("3 items")
        let lines = session.screenLines()
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "H")
        #expect(session.selectedText() == "1")
        #expect(!lines.contains { $0.contains("Waiting for more") })
    }

    @Test func theHeaderIsReadAgainOnEveryRefresh() throws {
        let session = try HardeningSession(["--every", "1", "--header-lines", "1", "--command", "date +%s%N; seq 3"])
        try session.tmux.waitFor("3 items")
        let first = session.screenLines()[1]
        try session.tmux.waitUntil(timeout: 8, "a new header") { _ in session.screenLines()[1] != first }
        #expect(titleCount(session) == 3)
    }

    @Test func aFirstLineOfMoreThanAMebibyteIsReadAndTheRunEnds() throws {
        let session = try HardeningSession(["--command", "head -c 1200000 /dev/zero | tr '\\0' x; echo; echo second"])
        let screen = try session.tmux.waitFor("2 items")
        #expect(screen.contains("second"))
        #expect(screen.contains("xxxxxxxx"))
        #expect(!screen.contains("Loading"))
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func enterPrintsAFilesLongLineWhole() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let long = [UInt8](repeating: UInt8(ascii: "y"), count: 3 << 20)
        let file = HardeningSession.fixture("long.txt", in: directory, long + Array("\nshort\n".utf8))
        let session = try HardeningSession([file], directory: directory, redirections: "> chosen.txt")
        try session.tmux.waitFor("2 items")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        let chosen = try Data(contentsOf: URL(fileURLWithPath: directory + "/chosen.txt"))
        #expect(chosen.count == long.count + 1, "Enter printed \(chosen.count) bytes of \(long.count + 1)")
        let exact = Array(chosen) == long + [UInt8(ascii: "\n")]
        #expect(exact, "Enter printed other bytes than the line's")
    }

    @Test func aSearchLeavesFollowing() throws {
        let session = try HardeningSession([], prefix: "(seq 50; while :; do sleep 0.2; echo tick; done) |")
        try session.tmux.waitFor("50")
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("following")
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("25", literal: true)
        session.tmux.sendKeys("Enter")
        try waitForSelection(session, "25")
        // Lines keep arriving: the selection stays on the match.
        let before = titleCount(session) ?? 0
        try session.tmux.waitUntil(timeout: 5, "more lines") { _ in (self.titleCount(session) ?? 0) >= before + 4 }
        #expect(session.selectedText() == "25")
        #expect(!(session.screenLines().first ?? "").contains("following"))
    }

    /// A search started while a fast stream is still arriving reads on until the stream has
    /// no more to give, not only through the lines read so far (a pipe that is empty for a
    /// moment is not the end of the input).
    @Test func aSearchReadsOnWhileTheStreamArrives() throws {
        // 30 writes of 10,000 lines, 20 ms apart: the pipe is empty between them.
        let writes = "for i in $(seq 0 29); do seq $((i*10000+1)) $((i*10000+10000)); sleep 0.02; done"
        let session = try HardeningSession([], prefix: "(\(writes); sleep 3) |")
        try waitForSelection(session, "1")
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("^299998$", literal: true)
        session.tmux.sendKeys("Enter")
        try waitForSelection(session, "299998")
        #expect(!session.tmux.capture().contains("Pattern not found"))
    }

    @Test func escRemovesAnAppliedFilterBeforeItQuits() throws {
        let session = try HardeningSession(["--command", "seq 1000"], redirections: "> chosen.txt")
        try session.tmux.waitFor("1,000 items")
        session.tmux.sendKeys("&")
        session.tmux.sendKeys("50", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("of 1,000 items")
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("the filter removed") { _ in self.titleCount(session) == 1000 }
        usleep(300_000)
        #expect(session.tmux.panePID().flatMap { HardeningSession.descendant(of: $0, named: "pullfeed") } != nil,
                "the first Esc only removes the filter")
        session.tmux.sendKeys("Escape")
        #expect(try session.exitStatus() == 130)
    }

    @Test func leavingTheEndStopsReadingAFastCommand() throws {
        let session = try HardeningSession(["--command", "yes"])
        try session.tmux.waitUntil("the first lines") { _ in (self.titleCount(session) ?? 0) > 0 }
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("following")
        usleep(500_000)
        session.tmux.sendKeys("Up")
        try session.tmux.waitUntil(timeout: 5, "following to stop") { !($0.components(separatedBy: "\n").first ?? "").contains("following") }
        // What was read ahead arrives; then reading stops.
        usleep(1_000_000)
        let settled = titleCount(session) ?? 0
        usleep(1_500_000)
        let later = titleCount(session) ?? 0
        #expect(settled > 0)
        #expect(later == settled, "reading went on after following stopped: \(settled) -> \(later) lines")
    }

    @Test func aRunningCommandSaysItRuns() throws {
        let session = try HardeningSession(["--command", "seq 3; sleep 30"])
        let screen = try session.tmux.waitFor("Running...")
        #expect(screen.contains("3 items"))
    }

    @Test func aFollowedFileWaitsForMore() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = HardeningSession.fixture("grow.txt", in: directory, Array((1...30).map { "line \($0)\n" }.joined().utf8))
        let session = try HardeningSession([file], directory: directory)
        try session.tmux.waitFor("30 items")
        session.tmux.sendKeys("End")
        let screen = try session.tmux.waitFor("following")
        #expect(!screen.contains("No more data"))
        try session.tmux.waitFor("Waiting for more...")
    }
}
