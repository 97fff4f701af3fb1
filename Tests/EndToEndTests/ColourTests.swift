import Foundation
import Testing

/// Colours from the data in a real terminal: SGR sequences in the lines (`git log
/// --color=always`, `ls --color=always`) are drawn as colours, brought down to the terminal's
/// palette; `--no-color` and `NO_COLOR` take them out; malformed ones stay inert text; no
/// colour leaks into the next line or the title; Enter prints the line without them.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct ColourTests {
    static let esc = "\u{1B}"

    static let coloured: [String] = [
        "\(esc)[33m5e20872\(esc)[m First commit",
        "\(esc)[38;5;208mORANGE\(esc)[0m plain",
        "\(esc)[38;2;255;0;0mTRUE-RED\(esc)[0m",
        "\(esc)[1;3;4mSTYLED\(esc)[m",
        "\(esc)[31mRED-NO-RESET",
        "NEXT-LINE",
    ]

    static func fixture(_ lines: [String], in directory: String) -> String {
        HardeningSession.fixture("colours.txt", in: directory, Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// The captured row (with `capture-pane -e` sequences) that shows `text`.
    static func styledRow(_ session: HardeningSession, containing text: String) -> String? {
        session.tmux.captureStyled().components(separatedBy: "\n").first { $0.contains(text) }
    }

    /// Whether a captured row sets a colour (foreground or background, any palette).
    static func setsColour(_ row: String) -> Bool {
        let pattern = #"\x1B\[([0-9;]*;)?(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;[25];[0-9;]+|48;[25];[0-9;]+)m"#
        return row.range(of: pattern, options: .regularExpression) != nil
    }

    /// The foreground (its SGR parameters, nil for the default) in force where `text` starts
    /// in a `capture-pane -e` capture, whose sequences carry over from row to row.
    static func foreground(at text: String, in capture: String) -> String? {
        guard let target = capture.range(of: text) else { return "missing" }
        var foreground: String?
        var index = capture.startIndex
        while let escape = capture[index..<target.lowerBound].range(of: "\(esc)[") {
            guard let end = capture[escape.upperBound...].firstIndex(where: { $0.isLetter }) else { break }
            index = capture.index(after: end)
            guard capture[end] == "m" else { continue }
            var parameters = capture[escape.upperBound..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            while !parameters.isEmpty {
                let p = parameters.removeFirst()
                switch p {
                case "", "0", "39": foreground = nil
                case "38":
                    let count = parameters.first == "5" ? 2 : 4
                    foreground = ([p] + parameters.prefix(count)).joined(separator: ";")
                    parameters.removeFirst(min(count, parameters.count))
                case "48": parameters.removeFirst(min(parameters.first == "5" ? 2 : 4, parameters.count))
                default:
                    if let n = Int(p), (30...37).contains(n) || (90...97).contains(n) { foreground = p }
                }
            }
        }
        return foreground
    }

    @Test func sgrSequencesAreDrawnAsColoursAndAttributes() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = Self.fixture(Self.coloured, in: directory)
        let session = try HardeningSession(["--file", path], directory: directory, recordOutput: true)
        try session.tmux.waitFor("NEXT-LINE")
        session.tmux.sendKeys("Down")  // the first row plain, not selected
        try session.tmux.waitUntil("ORANGE selected") { $0.contains("›ORANGE") }
        let text = session.tmux.capture()
        // The sequences take no columns and show nothing.
        #expect(text.contains(" 5e20872 First commit"), "\(text)")
        #expect(!text.contains("␛"), "\(text)")
        let hash = try #require(Self.styledRow(session, containing: "5e20872"))
        #expect(hash.contains("\(Self.esc)[33m5e20872"), "yellow hash: \(hash.debugDescription)")
        let orange = try #require(Self.styledRow(session, containing: "ORANGE"))
        #expect(orange.contains("38;5;208m"), "256 colours: \(orange.debugDescription)")
        // The selected row stays reversed over the colour.
        #expect(orange.contains("7m"), "selection: \(orange.debugDescription)")
        // tmux-256color has no 24-bit colours: the nearest of the 256 (pure red is 196).
        let trueRed = try #require(Self.styledRow(session, containing: "TRUE-RED"))
        #expect(trueRed.contains("38;5;196m"), "24-bit brought down: \(trueRed.debugDescription)")
        let styled = try #require(Self.styledRow(session, containing: "STYLED"))
        #expect(styled.contains("1;3;4m") || (styled.contains("[1m") && styled.contains("[3m") && styled.contains("[4m")),
                "bold, italic, underline: \(styled.debugDescription)")
        // A colour never reset stops at the end of its line, and never reaches the title or status line.
        let capture = session.tmux.captureStyled()
        #expect(Self.foreground(at: "RED-NO-RESET", in: capture) == "31")
        #expect(Self.foreground(at: "NEXT-LINE", in: capture) == nil, "leaked into the next line: \(capture.debugDescription)")
        let rows = session.tmux.captureStyled().components(separatedBy: "\n")
        #expect(!Self.setsColour(rows.first ?? ""), "title: \(rows.first ?? "")")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
        // The terminal got the app's own sequences, never the data's bytes.
        let output = String(decoding: session.outputBytes(), as: UTF8.self)
        #expect(!output.contains("\(Self.esc)[38;2;255;0;0m"), "a 24-bit colour the terminal does not take was sent")
    }

    @Test(arguments: [(["--no-color"], [String: String]()), ([], ["NO_COLOR": "1"])])
    func noColorTakesTheSequencesOut(arguments: [String], environment: [String: String]) throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = Self.fixture(Self.coloured, in: directory)
        let prefix = environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let session = try HardeningSession(["--file", path] + arguments, directory: directory, prefix: prefix)
        try session.tmux.waitFor("NEXT-LINE")
        let text = session.tmux.capture()
        #expect(text.contains("5e20872 First commit"), "\(text)")
        #expect(text.contains("ORANGE plain"), "\(text)")
        #expect(!text.contains("␛"), "sequences shown: \(text)")
        for row in session.tmux.captureStyled().components(separatedBy: "\n") {
            #expect(!Self.setsColour(row), "\(arguments) \(environment): colour in \(row.debugDescription)")
        }
        let styled = try #require(Self.styledRow(session, containing: "STYLED"))
        #expect(!styled.contains("3;4m") && !styled.contains("[4m"), "data attributes drawn: \(styled.debugDescription)")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    @Test func malformedSequencesStayInertAndNeverReachTheTerminal() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let huge = "\(Self.esc)[" + String(repeating: "1;", count: 10_000) + "31mHUGE"
        let lines = [
            "\(Self.esc)[38;5mBAD-INDEX", "\(Self.esc)[38;2;300;0;0mBAD-RGB", huge, "\(Self.esc)[31:1mCOLON",
            "CUT-OFF\(Self.esc)[31", "AFTER-CUT", "\(Self.esc)[?25lPRIVATE",
        ]
        let path = Self.fixture(lines, in: directory)
        let session = try HardeningSession(["--file", path], directory: directory, recordOutput: true)
        try session.tmux.waitFor("AFTER-CUT")
        let text = session.tmux.capture()
        #expect(text.contains("␛[38;5mBAD-INDEX"), "\(text)")
        #expect(text.contains("␛[38;2;300;0;0mBAD-RGB"), "\(text)")
        #expect(text.contains("␛[1;1;1;1;1;1;"), "\(text)")
        #expect(text.contains("␛[31:1mCOLON"), "\(text)")
        #expect(text.contains("CUT-OFF␛[31"), "\(text)")
        #expect(text.contains("␛[?25lPRIVATE"), "\(text)")
        for row in session.tmux.captureStyled().components(separatedBy: "\n") {
            #expect(!Self.setsColour(row), "colour from a malformed sequence: \(row.debugDescription)")
        }
        for key in ["Down", "Down", "Down", "Down", "Down", "Down", "End", "Home"] {
            session.tmux.sendKeys(key)
            usleep(50_000)
        }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
        let output = session.outputBytes()
        for sequence in ["[38;5m", "[38;2;300", "[1;1;1;1", "[31:1m", "[?25lPRIVATE", "[31\r", "[31\n"] {
            #expect(output.firstRange(of: Array((Self.esc + sequence).utf8)) == nil, "\(sequence) reached the terminal")
        }
    }

    @Test func enterPrintsTheChosenLineWithoutItsSGRSequences() throws {
        let lines = [
            "\(Self.esc)[33m5e20872\(Self.esc)[m First commit",
            "  \(Self.esc)[32mmain\(Self.esc)[m \(Self.esc)[38;5mkept \(Self.esc)]0;title\u{07}\tend",
        ]
        for (row, expected) in [(0, "5e20872 First commit\n"), (1, "  main \(Self.esc)[38;5mkept \(Self.esc)]0;title\u{07}\tend\n")] {
            // A directory per run: the status file of one must not answer for the next.
            let directory = HardeningSession.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = Self.fixture(lines, in: directory)
            let session = try HardeningSession(["--file", path], directory: directory, redirections: "> out.txt")
            try session.tmux.waitFor("First commit")
            if row == 1 {
                session.tmux.sendKeys("Down")
                try session.tmux.waitUntil("second row selected") { $0.contains("›  main") }
            }
            session.tmux.sendKeys("Enter")
            #expect(try session.exitStatus() == 0)
            let out = try Data(contentsOf: URL(fileURLWithPath: directory + "/out.txt"))
            #expect(Array(out) == Array(expected.utf8), "row \(row): \(String(decoding: out, as: UTF8.self).debugDescription)")
        }
    }

    /// The issue's own pipeline, when git is installed: `git log --color=always | pullfeed`.
    @Test func gitLogInColour() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return }
        let root = Tmux.packageRoot().path
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        check.arguments = ["-C", root, "log", "-1", "--oneline"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else { return }
        let session = try HardeningSession(
            [], prefix: "git -C \(Tmux.shellQuote(root)) log --color=always --oneline -n 20 |")
        try session.tmux.waitUntil("the log") { $0.contains("No more data") }
        let text = session.tmux.capture()
        #expect(!text.contains("␛"), "\(text)")
        let rows = session.tmux.captureStyled().components(separatedBy: "\n")
        #expect(rows.dropFirst().contains { $0.contains("\(Self.esc)[33m") }, "no yellow hash: \(rows.prefix(4))")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }
}
