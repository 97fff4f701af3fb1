import Foundation
import Testing

/// Hostile item text through the file, stdin and command sources in a real terminal: the
/// bytes the app writes (recorded by `script`) never carry a sequence from the data, and
/// the screen never overflows.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct HardeningDataTests {
    static let esc: UInt8 = 0x1B
    /// Lines with sequences a terminal would obey; each carries a marker after it.
    static let hostile: [[UInt8]] = [
        Array("\u{1B}[2JCLEAR-MARK".utf8),
        Array("\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}OSC52-MARK".utf8),
        Array("\u{1B}]0;owned-title\u{07}TITLE-MARK".utf8),
        Array("\u{1B}[5;5HCURSOR-MARK\u{1B}[A\u{1B}[2K".utf8),
        Array("\u{1B}P+q544e\u{1B}\\DCS-MARK".utf8),
        Array("C1-MARK ".utf8) + [0xC2, 0x9B] + Array("31m".utf8) + [0xC2, 0x9D] + Array("0;c1-title".utf8) + [0xC2, 0x9C],
        Array("RAW-MARK ".utf8) + [0x9B, 0x9D, 0x90, 0x00, 0x07, 0x08, 0x7F, 0xFF, 0xFE, 0xED, 0xA0, 0x80],
        Array("CRLF-MARK\r".utf8),
        Array("WIDE-MARK 中文字符 emoji 🎉👩‍👩‍👧🇯🇵 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字".utf8),
        Array("TAB-MARK\tx\ty\u{202E}reversed".utf8),
    ]

    /// Sequences from the data that must never reach the terminal raw.
    static let forbidden: [[UInt8]] = [
        [esc] + Array("[2JCLEAR".utf8), [esc] + Array("]52;".utf8), [esc] + Array("]0;owned".utf8),
        [esc] + Array("[5;5HCURSOR".utf8), [esc] + Array("P+q".utf8), [esc, UInt8(ascii: "[")] + Array("2J".utf8),
    ]

    static func fileBytes(_ lines: [[UInt8]]) -> [UInt8] { lines.flatMap { $0 + [0x0A] } }

    /// The recorded output: valid UTF-8 (so no raw C1 or stray byte from the data), no
    /// C1 control characters, none of the data's sequences.
    func expectInert(_ bytes: [UInt8], _ context: String) {
        #expect(!bytes.isEmpty, "\(context): nothing recorded")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(Array(text.utf8) == bytes, "\(context): the output is not valid UTF-8 (a raw byte from the data got through)")
        #expect(!text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) }, "\(context): a C1 control reached the terminal")
        for sequence in Self.forbidden {
            #expect(bytes.firstRange(of: sequence) == nil, "\(context): \(String(decoding: sequence.dropFirst(), as: UTF8.self)) reached the terminal")
        }
        // The data is shown, visibly.
        #expect(text.contains("␛[2JCLEAR-MARK") || text.contains("CLEAR-MARK"), "\(context): the data was not shown")
    }

    /// The screen has its title on top, its status line at the bottom, and no row wider than
    /// the terminal: nothing wrapped or scrolled.
    func expectFits(_ session: HardeningSession, _ context: String) {
        let lines = session.screenLines()
        let size = session.paneSize
        #expect(lines.count == size.rows, "\(context): \(lines.count) lines")
        #expect(lines.first?.hasPrefix(" PullFeed · ") == true, "\(context): title moved: \(lines.first ?? "")")
        for (i, line) in lines.enumerated() {
            #expect(displayWidth(line) <= size.columns, "\(context): row \(i) overflows: \(line)")
        }
    }

    func browse(_ session: HardeningSession, _ context: String) {
        for key in ["Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "End", "PageUp", "Home"] {
            session.tmux.sendKeys(key)
            usleep(60_000)
            expectFits(session, "\(context) after \(key)")
        }
    }

    @Test func hostileFileStdinAndCommandOutput() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = HardeningSession.fixture("hostile.txt", in: directory, Self.fileBytes(Self.hostile))
        let sources: [(String, [String], String)] = [
            ("file", ["--file", data], ""),
            ("stdin", [], "< \(Tmux.shellQuote(data))"),
            ("command", ["--command", "cat \(Tmux.shellQuote(data))"], ""),
        ]
        for (name, arguments, redirections) in sources {
            let session = try HardeningSession(arguments, directory: directory, redirections: redirections, recordOutput: true)
            try session.tmux.waitFor("CLEAR-MARK")
            #expect(session.tmux.capture().contains("␛[2JCLEAR-MARK"), "\(name)")
            #expect(session.tmux.capture().contains("␛]52;c;ZWNobyBwd25lZA==␇OSC52-MARK"), "\(name)")
            browse(session, name)
            session.tmux.sendKeys("q")
            #expect(try session.exitStatus() == 0)
            session.expectTerminalRestored(name)
            expectInert(session.outputBytes(), name)
            // The pane's title was never set by the data.
            #expect(!session.pane("#{pane_title}").contains("owned"), "\(name): the data set the title")
            try? FileManager.default.removeItem(atPath: session.typescriptPath)
            try? FileManager.default.removeItem(atPath: session.statusPath)
            try? FileManager.default.removeItem(atPath: session.sttyPath)
        }
    }

    /// A stream of one 100 MB line and a short one, then the same line alone, cut off by the
    /// end of the input with no newline: each is shown cut to the screen, keys answer once it
    /// is read, and the app leaves cleanly. (A page read torn across threads crashed here.)
    @Test(arguments: [("; echo; echo SHORT-LINE", "2 items"), ("", "1 item")])
    func aHundredMegabyteLineOnAStream(after: String, count: String) throws {
        let line = "head -c 100000000 /dev/zero | tr '\\000' x"
        let session = try HardeningSession([], columns: 60, rows: 12, prefix: "(\(line)\(after)) |")
        try session.tmux.waitFor(count, timeout: 60)
        #expect(session.tmux.capture().contains("›" + String(repeating: "x", count: 58) + "…"))
        if !after.isEmpty {
            session.tmux.sendKeys("Down")
            try session.tmux.waitFor("›SHORT-LINE")
        }
        session.tmux.sendKeys("?")
        try session.tmux.waitFor("Keys")
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil(timeout: 10, "the keys screen closes") { !$0.contains("Keys") }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus(timeout: 20) == 0)
    }

    @Test func aOneMegabyteLineAndTenThousandWideLines() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var huge = Array(repeating: UInt8(ascii: "x"), count: 1 << 20)
        huge.replaceSubrange(0..<12, with: Array("\u{1B}[2JCLEAR-MARK".utf8).prefix(12))
        for i in stride(from: 1_000, to: huge.count, by: 4_096) { huge[i] = Self.esc }
        let wide = (0..<10_000).map { Array("第\($0)行 漢字かなカナ한글 🎉👍🏽🇯🇵 \($0 % 3 == 0 ? "\u{1B}]52;c;eA==\u{07}" : "")".utf8) }
        let path = HardeningSession.fixture("big.txt", in: directory, Self.fileBytes([huge] + wide + [Array("LAST-LINE".utf8)]))
        let session = try HardeningSession(["--file", path, "--page-size", "1000"], directory: directory, columns: 70, rows: 20,
                                           recordOutput: true)
        try session.tmux.waitFor("第1行")
        let started = Date()
        for _ in 0..<10 { session.tmux.sendKeys("Down", "Up") }
        session.tmux.sendKeys("Home")
        try session.tmux.waitUntil(timeout: 10, "the moves on the huge line") { $0.contains("›␛[2J") }
        #expect(Date().timeIntervalSince(started) < 5, "moving over a 1 MB line is slow")
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("LAST-LINE", timeout: 30)
        try session.tmux.waitFor("10,002 items", timeout: 10)
        expectFits(session, "at the end")
        for _ in 0..<5 {
            session.tmux.sendKeys("PageUp")
            usleep(50_000)
            expectFits(session, "paging up")
        }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        let bytes = session.outputBytes()
        #expect(Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes, "the output is not valid UTF-8")
        for sequence in Self.forbidden {
            #expect(bytes.firstRange(of: sequence) == nil, "\(String(decoding: sequence.dropFirst(), as: UTF8.self)) reached the terminal")
        }
    }

    @Test func aFileThatShrinksThenDisappearsKeepsTheItems() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = HardeningSession.fixture("changing.txt", in: directory, Array((1...300).map { "row \($0)\n" }.joined().utf8))
        let session = try HardeningSession(["--file", path, "--release-delay", "0.1"], directory: directory)
        try session.tmux.waitFor("300 items")
        _ = FileManager.default.createFile(atPath: path, contents: Data("only row\r\nsecond row\r\n".utf8))
        session.tmux.sendKeys("r")
        try session.tmux.waitFor("2 items")
        #expect(session.tmux.capture().contains("›only row"))
        #expect(!session.tmux.capture().contains("␍"))
        unlink(path)
        // The watched file's deletion is told first; a refresh then fails and keeps the items.
        try session.tmux.waitFor("File was deleted")
        session.tmux.sendKeys("r")
        let screen = try session.tmux.waitFor("Refresh failed: cannot open")
        #expect(screen.contains("›only row") && screen.contains("second row") && screen.contains("2 items"))
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// Redirected stdout is not an error: the UI is on /dev/tty, stdout gets only the choice.
    @Test func redirectedStdoutHoldsExactlyTheChosenLine() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = HardeningSession.fixture("lines.txt", in: directory, Array("first\nsecond \u{1B}[31mred\nthird\n".utf8))
        let session = try HardeningSession(["--file", path], directory: directory, redirections: "> out.txt")
        try session.tmux.waitFor("third")
        session.tmux.sendKeys("Down")
        try session.tmux.waitFor("›second")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        session.expectTerminalRestored("redirected stdout")
        let out = try Data(contentsOf: URL(fileURLWithPath: directory + "/out.txt"))
        // Without the SGR sequence the list draws as a colour, as `fzf --ansi` prints it.
        #expect(Array(out) == Array("second red\n".utf8))
    }

    /// With a terminal present but a TERM that cannot work, the app says so in one line and
    /// writes nothing else to the terminal. (A TERM merely unknown here runs as xterm-256color:
    /// `EveryTerminalTests`.)
    @Test func unusableTermWithATerminalIsOneLineAndExit1() throws {
        for (name, prefix) in [("dumb", "TERM=dumb"), ("unset", "unset TERM;"), ("empty", "TERM=")] {
            let session = try HardeningSession(["--latency", "0"], prefix: prefix, recordOutput: true)
            let status = try session.exitStatus()
            #expect(status == 1, "\(name)")
            let bytes = session.outputBytes()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!bytes.contains(Self.esc), "\(name): escape sequences written: \(text)")
            let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            #expect(lines.count == 1 && text.hasPrefix("pullfeed: "), "\(name): \(text)")
            #expect(!FileManager.default.fileExists(atPath: session.directory + "/core"), "\(name): core dumped")
        }
    }
}
