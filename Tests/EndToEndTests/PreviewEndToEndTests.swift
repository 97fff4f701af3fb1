import Foundation
import Testing

/// `--preview` in tmux: the pane follows the selection, never runs a row's text as shell, shows
/// a failed command's status, gives the command /dev/null for stdin, stays small when the
/// command prints without end; the demo previews its articles; the README's git dashboard;
/// bad values are usage errors.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct PreviewEndToEndTests {
    /// The pane's part of each screen row (after the border), trimmed.
    static func pane(_ session: HardeningSession) -> [String] {
        session.screenLines().compactMap { line in
            line.firstIndex(of: "│").map { String(line[line.index(after: $0)...]).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The selected row's list part.
    static func selected(_ session: HardeningSession) -> String? {
        session.selectedText().map { String($0.prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces) }
    }

    /// How many live children of `pid` run the program `name` (by /proc's `comm`).
    static func liveChildren(of pid: Int32, named name: String) -> Int {
        ProcessProbe.all.filter { child in
            child.parentPID == pid && child.isAlive
                && (try? String(contentsOfFile: "/proc/\(child.pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }

    @Test func thePreviewFollowsTheSelection() throws {
        let session = try HardeningSession(["--preview", "echo line {}"], prefix: "seq 1 100 |")
        try session.tmux.waitUntil("line 1 in the pane") { _ in Self.pane(session).first == "line 1" }
        for _ in 0..<3 { session.tmux.sendKeys("Down") }
        try session.tmux.waitUntil("line 4 in the pane") { _ in Self.pane(session).first == "line 4" }
        #expect(Self.selected(session) == "4")
        let lines = session.screenLines()
        #expect(lines[0].hasPrefix(" PullFeed") && lines[0].hasSuffix("100 items"), "the title spans the width: \(lines[0])")
        #expect(lines[23].contains("v preview"), "\(lines[23])")
        session.tmux.sendKeys("v")
        try session.tmux.waitUntil("the pane closed") { !$0.contains("│") }
        session.tmux.sendKeys("v")
        try session.tmux.waitUntil("the pane open again") { _ in Self.pane(session).first == "line 4" }
    }

    @Test func aRowsTextIsNeverRunAsShell() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let marker = NSTemporaryDirectory() + "pwned-\(UUID().uuidString)"
        let rows = ["$(touch \(marker))", "`touch \(marker)` x", "'; touch \(marker); '", "\"$(touch \(marker))\" \\"]
        _ = HardeningSession.fixture("rows.txt", in: directory, Array((rows.joined(separator: "\n") + "\n").utf8))
        let session = try HardeningSession(["rows.txt", "--preview", "echo {} {1} {-1} {2..}"], directory: directory)
        try session.tmux.waitUntil("the first row previewed") { _ in Self.pane(session).first?.hasPrefix("$(touch") == true }
        for _ in 1..<rows.count {
            session.tmux.sendKeys("Down")
            usleep(200_000)
        }
        try session.tmux.waitUntil("the last row previewed") { _ in Self.pane(session).first?.hasPrefix("\"$(touch") == true }
        #expect(!FileManager.default.fileExists(atPath: marker), "a row's text ran as shell")
        try? FileManager.default.removeItem(atPath: marker)
    }

    @Test func aFailingPreviewShowsItsExitStatusAndStderr() throws {
        let session = try HardeningSession(["--preview", "echo some output; echo 'no such thing' >&2; exit 3"], prefix: "seq 1 5 |")
        try session.tmux.waitFor("exit status 3: no such thing")
        #expect(Self.pane(session).first == "some output")
    }

    @Test func aPreviewReadingStdinGetsDevNull() throws {
        let session = try HardeningSession(["--preview", "wc -c; cat; echo read-done"], prefix: "seq 1 5 |")
        try session.tmux.waitUntil("the preview ended") { _ in Self.pane(session).contains("read-done") }
        #expect(Self.pane(session).first == "0", "stdin is empty: \(Self.pane(session))")
    }

    /// The resident memory, in KiB, a preview that is cut at its 5,000 lines stays below.
    static let residentBound = 32 * 1024

    @Test func aPreviewThatPrintsWithoutEndStaysSmallAndKeysStillMove() throws {
        let session = try HardeningSession(["--preview", "yes {}"], prefix: "seq 1 100 |")
        let pid = try session.appPID()
        // The first row shows the position too (`1/5000`).
        try session.tmux.waitUntil("the pane full") { _ in Self.pane(session).dropFirst().first == "1" }
        for _ in 0..<5 { session.tmux.sendKeys("Down") }
        try session.tmux.waitUntil("the preview of row 6") { _ in Self.pane(session).dropFirst().first == "6" }
        try session.tmux.waitFor("only the first 5000 lines")
        usleep(300_000)
        let probe = ProcessProbe(pid: pid)
        let rss = try #require(probe.residentKiB)
        #expect(rss < Self.residentBound, "resident memory \(rss) KiB")
        #expect(Self.liveChildren(of: pid, named: "yes") == 0, "the cut command was killed")
        // 10 MB of binary: sanitised, bounded.
        let binary = try HardeningSession(["--preview", "head -c 10000000 /dev/urandom"], prefix: "seq 1 3 |")
        let binaryPID = try binary.appPID()
        // Random bytes: some of its lines are empty, or blanks.
        try binary.tmux.waitUntil("the binary previewed") { _ in
            Self.pane(binary).dropFirst().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count > 5
        }
        binary.tmux.sendKeys("Down")
        try binary.tmux.waitUntil("the selection moved") { _ in Self.selected(binary) == "2" }
        #expect((ProcessProbe(pid: binaryPID).residentKiB ?? 0) < Self.residentBound)
        #expect(binary.tmux.isAlternateScreenOn(), "no escape reached the terminal to leave its screen")
    }

    @Test func theDemoPreviewsItsArticlesWithV() throws {
        let session = try HardeningSession([])
        try session.tmux.waitFor("v preview")
        #expect(!session.tmux.capture().contains("│"), "the pane starts closed")
        session.tmux.sendKeys("v")
        try session.tmux.waitUntil("the article in the pane") { _ in Self.pane(session).first?.hasPrefix("Article 1") == true }
        #expect(Self.pane(session).contains { $0.contains("💬") }, "its comments: \(Self.pane(session))")
    }

    @Test func theGitDashboardOfTheReadme() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let git = "git -c user.name=T -c user.email=t@example.com"
        let setup = Process()
        setup.executableURL = URL(fileURLWithPath: "/bin/sh")
        setup.arguments = ["-c", "cd \(directory) && git init -q && echo a > a && git add a && \(git) commit -qm 'first commit' && echo b > a && \(git) commit -qam 'second commit'"]
        try setup.run()
        setup.waitUntilExit()
        try #require(setup.terminationStatus == 0)
        let session = try HardeningSession(["--command", "git log --oneline", "--preview", "git show --color=always {1}"], directory: directory)
        try session.tmux.waitUntil("the newest commit shown") { _ in Self.pane(session).first?.hasPrefix("commit ") == true }
        #expect(Self.pane(session).contains("second commit"))
        let styled = session.tmux.captureStyled()
        #expect(styled.contains("\u{1B}[3") , "git's colours are drawn")
        session.tmux.sendKeys("Down")
        try session.tmux.waitUntil("the first commit shown") { _ in Self.pane(session).contains("first commit") }
    }

    @Test func badPreviewValuesAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--preview-window", "left:50%"], "--preview-window 'left' is not right, down, hidden or a size"),
            (["--preview-window", "right:0%"], "--preview-window size '0%' must be between 1% and 99%"),
            (["--preview-window", "down:x"], "'x'"),
            (["--preview", "echo {0}"], "--preview placeholder {0}: '0': fields are counted from 1"),
            (["--preview", "echo {3..1}"], "selects no field"),
            (["--preview", " "], "--preview needs a command"),
        ]
        for (arguments, says) in cases {
            let result = try PullFeedCommandLineTests().run(arguments + ["--command", "true"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("pullfeed: ") && result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}

extension PreviewEndToEndTests {
    /// The README's `ps` dashboard, as written there.
    @Test func thePsDashboardOfTheReadme() throws {
        let session = try HardeningSession(["--every", "2", "--header-lines", "1", "--id", "1", "--command", "ps -eo pid,pcpu,comm --sort=-pcpu",
                                            "--preview", "ps -o pid,ppid,user,etime,args -p {1}; echo; cat /proc/{1}/status"])
        try session.tmux.waitUntil("a process's status in the pane") { _ in Self.pane(session).contains { $0.hasPrefix("Name:") } }
        let pid = try #require(Self.selected(session)?.split(separator: " ").first)
        #expect(Self.pane(session).contains { $0.hasPrefix("Pid:") && $0.hasSuffix(" \(pid)") }, "the selected process: \(Self.pane(session))")
    }
}

extension PreviewEndToEndTests {
    /// Many previews, run to their end or stopped by the next row, leave no descriptor open and
    /// no child behind.
    @Test func manyPreviewsLeakNoDescriptorsOrChildren() throws {
        let session = try HardeningSession(["--preview", "echo {}; sleep 0.05; echo done {}"], prefix: "seq 1 100 |")
        let pid = try session.appPID()
        try session.tmux.waitUntil("the first preview done") { _ in Self.pane(session).contains("done 1") }
        usleep(300_000)
        let probe = ProcessProbe(pid: pid)
        let descriptors = try #require(probe.openDescriptors)
        for i in 0..<40 {
            session.tmux.sendKeys("Down")
            // Some rows are left before their preview ends, some after.
            usleep(i % 2 == 0 ? 20_000 : 150_000)
        }
        try session.tmux.waitUntil("the last preview done") { _ in Self.pane(session).contains("done 41") }
        usleep(500_000)
        #expect(probe.openDescriptors == descriptors, "descriptors \(descriptors) -> \(probe.openDescriptors ?? -1)")
        let children = ProcessProbe.all.filter { $0.parentPID == pid }
        #expect(children.isEmpty, "children left (zombies included): \(children.map(\.pid))")
    }
}

extension PreviewEndToEndTests {
    /// The README's files example, as written there: a pane below the list.
    @Test func theFilesExampleOfTheReadme() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("a file.txt", in: directory, Array("first line of a\nsecond\n".utf8))
        _ = HardeningSession.fixture("b.txt", in: directory, Array("only line of b\n".utf8))
        let session = try HardeningSession(["--preview", "head -50 {}", "--preview-window", "down:40%"], directory: directory, prefix: "ls |")
        try session.tmux.waitFor("first line of a")
        let lines = session.screenLines()
        let border = try #require(lines.firstIndex { $0.hasPrefix("────") }, "\(lines)")
        #expect(lines[border + 1].trimmingCharacters(in: .whitespaces) == "first line of a", "the pane is below the list")
        #expect(lines[1].hasPrefix("›a file.txt"), "the list spans the width above it")
        session.tmux.sendKeys("Down")
        try session.tmux.waitFor("only line of b")
    }
}
