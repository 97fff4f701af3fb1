import Foundation
import Testing

/// What a `less` or `fzf` user tries in the first ten minutes: a file named as in `less FILE`,
/// the keys of those programs, moves past the loaded rows, pulls that begin only at rest, and
/// texts that say what happens.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct PickerBasicsTests {
    typealias Session = EveryTerminalTests.Session

    static let items = EveryTerminalTests.items

    // MARK: Naming the file

    /// `pullfeed FILE` shows the file as `--file FILE` does, and `-` (positional or `--file -`)
    /// is standard input.
    @Test func aPositionalFileAndDashForStdin() throws {
        let positional = try Session(["items.txt"], term: "tmux-256color", items: Self.items)
        try positional.waitForSelection("Item 001")
        #expect(positional.lines().first?.contains("items.txt") == true)
        positional.tmux.sendKeys("q")
        #expect(try positional.exitStatus() == 0)

        for arguments in [["-"], ["--file", "-"]] {
            let piped = try Session(arguments, term: "tmux-256color", prefix: "seq 30 |")
            try piped.waitForSelection("1")
            try piped.tmux.waitFor("30 items")
            piped.tmux.sendKeys("Down", "Enter")
            #expect(try piped.exitStatus() == 0)
            try piped.tmux.waitFor("pullfeed exited with 0")
            #expect(piped.lines().contains("2"), "\(arguments): the chosen line stays on the terminal")
        }
    }

    /// A file that cannot be opened is one line on stderr and exit 1, before any UI (as `less`).
    @Test func aFileThatCannotBeOpenedIsOneLineAndExit1() throws {
        for (name, expected) in [("missing.txt", "pullfeed: missing.txt: No such file or directory"),
                                 (".", "pullfeed: .: Is a directory")] {
            let session = try Session([name], term: "tmux-256color")
            #expect(try session.exitStatus() == 1)
            let screen = try session.tmux.waitFor("pullfeed exited with 1")
            let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(lines.first == expected, "\(screen)")
            #expect(lines.count > 1 && lines[1] == "pullfeed exited with 1", "only the error line before the exit: \(screen)")
        }
    }

    // MARK: Moving

    /// 300 quick Downs (one burst, as a held key sends them) on a source of 1000 lines served
    /// 200 at a time select line 301: moves past the loaded rows wait for the next page instead
    /// of being dropped. (Piped input is read ahead as it comes, so a paged command shows it.)
    @Test func downsPastTheLoadedRowsAreKept() throws {
        let page = "seq $((PULLFEED_OFFSET+1)) $((PULLFEED_OFFSET+PULLFEED_LIMIT)) | head -n $((1000-PULLFEED_OFFSET))"
        let session = try Session(["--page-command", page], term: "tmux-256color")
        try session.waitForSelection("1")
        try session.tmux.waitFor("200+ items")
        session.tmux.sendKeys("-N", "300", "Down")
        try session.waitForSelection("301")
        session.tmux.sendKeys("-N", "20", "PageDown")
        try session.waitForSelection("721")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// Ctrl-D/U half a page, Ctrl-F/B a page, Ctrl-N/P a row, as in `less` and `vi`.
    @Test func controlKeysMoveAsInLess() throws {
        let session = try Session([], term: "tmux-256color", prefix: "seq 100 |")
        try session.waitForSelection("1")
        for (key, expected) in [("C-d", "12"), ("C-u", "1"), ("C-f", "22"), ("C-b", "1"), ("C-n", "2"), ("C-p", "1")] {
            session.tmux.sendKeys(key)
            try session.waitUntilSelected(exactly: expected, after: key)
        }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// ← → scroll long lines by half a screen; the title shows the offset; 0 goes back.
    @Test func leftAndRightScrollLongLines() throws {
        let long = (0..<40).map { String(format: "w%02d", $0) }.joined(separator: " ")
        let session = try Session(["items.txt"], term: "tmux-256color", items: [long, "short"])
        try session.waitForSelection("w00 w01")
        session.tmux.sendKeys("Right")
        let screen = try session.tmux.waitFor("→39")
        #expect(screen.components(separatedBy: "\n")[1].hasPrefix("› w10 w11"), "\(screen)")
        session.tmux.sendKeys("0")
        try session.tmux.waitUntil("the line start again") { !$0.contains("→39") && $0.contains("›w00 w01") }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    // MARK: Pulling

    /// Holding Up to reach the top does not re-run the command; a new press at the top does.
    @Test func aKeyRepeatThatReachesTheTopDoesNotPull() throws {
        let session = try Session(["--command", "echo run >> runs; seq 50"], term: "tmux-256color")
        try session.waitForSelection("1")
        session.tmux.sendKeys("-N", "5", "Down")
        try session.waitUntilSelected(exactly: "6", after: "5 Downs")
        usleep(300_000)
        session.tmux.sendKeys("-N", "12", "Up")
        try session.waitUntilSelected(exactly: "1", after: "12 Ups")
        usleep(1_200_000)
        #expect(session.file("runs").split(separator: "\n").count == 1, "a burst that reached the top pulled")
        #expect(!session.tmux.capture().contains("Pull down to refresh"))
        session.tmux.sendKeys("Up", "Up", "Up")
        try session.tmux.waitUntil("the second run") { _ in session.file("runs").split(separator: "\n").count == 2 }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    // MARK: Failures

    /// A failed first load keeps its reason on screen (not a blank screen, not only a 3 s
    /// toast); the retry that succeeds clears it and its toast at once.
    @Test func aFailedFirstLoadStaysReadableAndASuccessfulRetryClearsIt() throws {
        let command = "test -f flag || { touch flag; echo no route to host >&2; exit 1; }; echo ok"
        let session = try Session(["--command", command], term: "tmux-256color")
        let reason = "Refresh failed: no route to host — press r to retry"
        try session.tmux.waitFor(reason)
        usleep(3_500_000)
        #expect(session.tmux.capture().contains(reason), "the reason stays after the toast's 3 s")
        session.tmux.sendKeys("r")
        let screen = try session.tmux.waitFor("›ok")
        #expect(!screen.contains("failed"), "\(screen)")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    // MARK: Texts

    /// The help line says what Enter does here; a one-shot command has no footer and no `+`.
    @Test func textsSayWhatHappens() throws {
        let lines = try Session([], term: "tmux-256color", prefix: "seq 3 |")
        var screen = try lines.tmux.waitFor("Enter print")
        #expect(!screen.contains("Enter open"))
        lines.tmux.sendKeys("q")
        _ = try lines.exitStatus()

        let oneShot = try Session(["--command", "seq 3"], term: "tmux-256color")
        screen = try oneShot.tmux.waitFor("3 items")
        #expect(!screen.contains("No more data") && !screen.contains("load more") && !screen.contains("3+"), "\(screen)")
        oneShot.tmux.sendKeys("End", "Down", "Down")
        usleep(300_000)
        #expect(!oneShot.tmux.capture().contains("No more data"))
        oneShot.tmux.sendKeys("q")
        _ = try oneShot.exitStatus()

        let demo = try Session(["--latency", "0"], term: "tmux-256color")
        screen = try demo.tmux.waitFor("10+ items")
        #expect(!screen.contains("Enter"), "no Enter entry on an article's text: \(screen)")
        for _ in 0..<12 where !demo.tmux.capture().contains("›  ＋ Add a comment") {
            let before = demo.selected()
            demo.tmux.sendKeys("Down")
            try demo.tmux.waitUntil("the selection to move") { _ in demo.selected() != before }
        }
        try demo.tmux.waitUntil("Enter comment on the add-comment row") { screen in
            screen.contains("›  ＋ Add a comment") && screen.contains("Enter comment")
        }
        demo.tmux.sendKeys("q")
        _ = try demo.exitStatus()
    }
}

extension PickerBasicsTests {
    // MARK: Privacy and memory

    /// The last-updated store names no path and no command, and only its owner can read it.
    @Test func theLastUpdatedStoreIsPrivate() throws {
        let session = try Session(["--file", "items.txt"], term: "tmux-256color", items: Self.items)
        try session.waitForSelection("Item 001")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        let path = session.directory + "/state/pullfeed/last-updated.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("items.txt") && !text.contains(session.directory), "\(text)")
    }

    /// 32 MiB piped in and read to the end cost at most 1.2 times their size (plus what the
    /// program takes before reading any, ~23 MiB for a debug build): piped lines are kept
    /// once, not once per page and again in the list (which cost 2.28 times).
    @Test func pipedInputIsKeptOnce() throws {
        let lines = 1 << 19, lineBytes = 64
        let generate = "python3 -c 'import sys; sys.stdout.write((\"x\" * 63 + \"\\n\") * \(lines))' |"
        let session = try Session([], term: "tmux-256color", prefix: generate)
        try session.tmux.waitUntil("the first line") { $0.contains("›xxxxxxxx") }
        session.tmux.sendKeys("End")
        try session.tmux.waitUntil(timeout: 120, "all lines read") { $0.components(separatedBy: "\n")[0].hasSuffix(" \(groupedCount(lines)) items") }
        let pid = try #require(session.tmux.panePID().flatMap { HardeningSession.descendant(of: $0, named: "pullfeed") })
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peakKiB = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") })
        let input = lines * lineBytes
        #expect(peakKiB * 1024 <= input * 12 / 10 + (24 << 20), "peak \(peakKiB) KiB for \(input >> 10) KiB piped in")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }
}

extension EveryTerminalTests.Session {
    /// Waits until the selected row's text is exactly `text`.
    func waitUntilSelected(exactly text: String, after what: String, timeout: Double = 10) throws {
        try tmux.waitUntil(timeout: timeout, "\(text) selected after \(what)") { screen in
            screen.components(separatedBy: "\n").contains { $0 == "›" + text }
        }
    }
}
