import Foundation
import Testing

/// Common tools' coloured output in a real terminal, as `less -R` and `fzf --ansi` show it:
/// `grep --color=always` and `gcc -fdiagnostics-color=always` write `ESC[K` after each colour,
/// which shows nothing; `ls --hyperlink=always` and `gcc -fdiagnostics-urls=always` write OSC 8
/// hyperlinks, whose text shows and whose link reaches a terminal that takes links (TERM names
/// one) as the app's own sequence. tmux 3.3 drops OSC 8, so the links are read from the bytes
/// the app wrote (`script`), the text and colours from the screen.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct ToolOutputTests {
    static let esc = "\u{1B}"
    static let st = "\u{1B}\\"

    /// The foreground in force where `text` starts on the screen (see `ColourTests.foreground`).
    static func foreground(at text: String, _ session: HardeningSession) -> String? {
        ColourTests.foreground(at: text, in: session.tmux.captureStyled())
    }

    /// The visible characters of the `capture-pane -e` row that shows `text`, each with the
    /// foreground in force (its SGR parameters, nil for the default) and whether it is bold.
    static func styledCharacters(_ session: HardeningSession, rowShowing text: String) -> [(Character, String?, Bool)] {
        for row in session.tmux.captureStyled().components(separatedBy: "\n") {
            var result: [(Character, String?, Bool)] = []
            var foreground: String?
            var bold = false
            var index = row.startIndex
            while index < row.endIndex {
                if row[index] == "\u{1B}", let end = row[index...].firstIndex(where: { $0.isLetter }) {
                    if row[end] == "m" {
                        var parameters = row[row.index(index, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                        while !parameters.isEmpty {
                            let p = parameters.removeFirst()
                            switch p {
                            case "", "0": foreground = nil; bold = false
                            case "39": foreground = nil
                            case "1": bold = true
                            case "22": bold = false
                            case "38", "48":
                                let count = min(parameters.first == "5" ? 2 : 4, parameters.count)
                                if p == "38" { foreground = ([p] + parameters.prefix(count)).joined(separator: ";") }
                                parameters.removeFirst(count)
                            default:
                                if let n = Int(p), (30...37).contains(n) || (90...97).contains(n) { foreground = p }
                            }
                        }
                    }
                    index = row.index(after: end)
                    continue
                }
                result.append((row[index], foreground, bold))
                index = row.index(after: index)
            }
            if String(result.map(\.0)).contains(text) { return result }
        }
        return []
    }

    /// The foreground and boldness of each character of `text` where the screen shows it.
    static func styles(of text: String, _ session: HardeningSession) -> [String] {
        let characters = styledCharacters(session, rowShowing: text)
        let shown = String(characters.map(\.0))
        guard let range = shown.range(of: text) else { return [] }
        let start = shown.distance(from: shown.startIndex, to: range.lowerBound)
        return characters[start..<(start + text.count)].map { "\($0.1 ?? "default")\($0.2 ? " bold" : "")" }
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        bytes.firstRange(of: Array(text.utf8)) != nil
    }

    // MARK: grep

    static func items(in directory: String) {
        let lines = (1...30).map { String(format: "Item %06d amber", $0) + "\n" }.joined()
        _ = HardeningSession.fixture("items.txt", in: directory, Array(lines.utf8))
    }

    @Test func grepShowsCleanColouredLines() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.items(in: directory)
        let session = try HardeningSession([], directory: directory, prefix: "grep --color=always -n Item items.txt |")
        try session.tmux.waitFor("2:Item 000002 amber")
        let text = session.tmux.capture()
        #expect(text.contains("›1:Item 000001 amber"), "\(text)")
        #expect(!text.contains("␛"), "escape pictures: \(text)")
        // grep's colours: the line number green, the separator cyan, the match bold red.
        #expect(Self.styles(of: "2:Item 0", session) == ["32", "36", "31 bold", "31 bold", "31 bold", "31 bold", "default", "default"])
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    @Test func grepUnderNoColorShowsCleanPlainLines() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.items(in: directory)
        let session = try HardeningSession(["--no-color"], directory: directory, prefix: "grep --color=always -n Item items.txt |")
        try session.tmux.waitFor("2:Item 000002 amber")
        #expect(!session.tmux.capture().contains("␛"))
        for row in session.tmux.captureStyled().components(separatedBy: "\n") {
            #expect(!ColourTests.setsColour(row), "colour in \(row.debugDescription)")
        }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    // MARK: gcc

    /// What `gcc -Wall -fdiagnostics-color=always -fdiagnostics-urls=always -c tool.c` (gcc 12.2)
    /// writes for `tool.c` below, recorded: shown whether gcc is installed or not.
    static let recordedGCC: [String] = [
        "\(esc)[01m\(esc)[Ktool.c:\(esc)[m\(esc)[K In function ‘\(esc)[01m\(esc)[Kmain\(esc)[m\(esc)[K’:",
        "\(esc)[01m\(esc)[Ktool.c:3:12:\(esc)[m\(esc)[K \(esc)[01;31m\(esc)[Kerror: \(esc)[m\(esc)[K‘\(esc)[01m\(esc)[Kmissing\(esc)[m\(esc)[K’ undeclared (first use in this function)",
        "    3 |     return \(esc)[01;31m\(esc)[Kmissing\(esc)[m\(esc)[K;",
        "      |            \(esc)[01;31m\(esc)[K^~~~~~~\(esc)[m\(esc)[K",
        "\(esc)[01m\(esc)[Ktool.c:3:12:\(esc)[m\(esc)[K \(esc)[01;36m\(esc)[Knote: \(esc)[m\(esc)[Keach undeclared identifier is reported only once for each function it appears in",
        "\(esc)[01m\(esc)[Ktool.c:2:9:\(esc)[m\(esc)[K \(esc)[01;35m\(esc)[Kwarning: \(esc)[m\(esc)[Kunused variable ‘\(esc)[01m\(esc)[Kunused\(esc)[m\(esc)[K’ [\(esc)[01;35m\(esc)[K\(esc)]8;;https://gcc.gnu.org/onlinedocs/gcc/Warning-Options.html#index-Wunused-variable\u{07}-Wunused-variable\(esc)]8;;\u{07}\(esc)[m\(esc)[K]",
        "    2 |     int \(esc)[01;35m\(esc)[Kunused\(esc)[m\(esc)[K;",
        "      |         \(esc)[01;35m\(esc)[K^~~~~~\(esc)[m\(esc)[K",
    ]

    static var gcc: String? {
        ["/usr/bin/gcc", "/usr/local/bin/gcc", "/usr/bin/cc"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// gcc's diagnostics as it writes them here (when installed), and as gcc 12.2 wrote them.
    @Test(arguments: [false, true])
    func gccDiagnosticsShowCleanColouredTextAndTheirLink(recorded: Bool) throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("tool.c", in: directory, Array("int main(void) {\n    int unused;\n    return missing;\n}\n".utf8))
        let source: String
        if recorded {
            _ = HardeningSession.fixture("gcc.txt", in: directory, Array(Self.recordedGCC.map { $0 + "\n" }.joined().utf8))
            source = "cat gcc.txt"
        } else if let gcc = Self.gcc {
            source = "\(gcc) -Wall -fdiagnostics-color=always -fdiagnostics-urls=always -c tool.c -o /dev/null 2>&1"
        } else {
            return
        }
        let session = try HardeningSession([], directory: directory, prefix: "\(source) | TERM=xterm-256color", recordOutput: true)
        try session.tmux.waitFor("[-Wunused-variable]")
        let text = session.tmux.capture()
        #expect(text.contains("tool.c:3:12: error: ‘missing’ undeclared"), "\(text)")
        #expect(text.contains("tool.c:2:9: warning: unused variable ‘unused’ [-Wunused-variable]"), "\(text)")
        #expect(!text.contains("␛") && !text.contains("␇"), "escape pictures: \(text)")
        #expect(Self.foreground(at: "error: ", session) == "31")
        #expect(Self.foreground(at: "note: ", session) == "36")
        #expect(Self.foreground(at: "warning: ", session) == "35")
        #expect(Self.foreground(at: "-Wunused-variable", session) == "35")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
        // The link around its text, as the app's own sequence, closed after it.
        let output = session.outputBytes()
        let open = "\(Self.esc)]8;;https://gcc.gnu.org/onlinedocs/gcc/Warning-Options.html#index-Wunused-variable\(Self.st)-Wunused-variable"
        let opened = try #require(output.firstRange(of: Array(open.utf8)), "no link: \(String(decoding: output, as: UTF8.self).debugDescription)")
        #expect(output[opened.upperBound...].firstRange(of: Array("\(Self.esc)]8;;\(Self.st)".utf8)) != nil, "the link is not closed")
        #expect(!Self.contains(output, "\u{07}-Wunused"), "the data's own sequence reached the terminal")
    }

    // MARK: ls

    /// A directory `tree` with two files and a directory in it.
    static func tree(in directory: String) {
        try? FileManager.default.createDirectory(atPath: directory + "/tree/sub dir", withIntermediateDirectories: true)
        for name in ["a.txt", "b c.txt"] { _ = HardeningSession.fixture("tree/" + name, in: directory, Array("x\n".utf8)) }
    }

    @Test func lsHyperlinksShowCleanNamesAndReachTheTerminal() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.tree(in: directory)
        let session = try HardeningSession([], directory: directory, prefix: "ls --hyperlink=always --color=always tree | TERM=xterm-256color",
                                           redirections: "> out.txt", recordOutput: true)
        try session.tmux.waitFor("sub dir")
        #expect(session.screenLines()[1...3] == ["›a.txt", " b c.txt", " sub dir"], "\(session.screenLines())")
        #expect(!session.tmux.capture().contains("␛"))
        #expect(Self.foreground(at: "sub dir", session) == "34", "the directory's colour")
        session.tmux.sendKeys("Down")
        try session.tmux.waitUntil("b c.txt selected") { $0.contains("›b c.txt") }
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        // Enter prints the name alone, for `| xargs`.
        #expect(try String(contentsOfFile: directory + "/out.txt", encoding: .utf8) == "b c.txt\n")
        let output = session.outputBytes()
        let text = String(decoding: output, as: UTF8.self)
        for (path, name) in [("/tree/a.txt", "a.txt"), ("/tree/b%20c.txt", "b c.txt"), ("/tree/sub%20dir", "sub dir")] {
            #expect(text.range(of: "\(Self.esc)]8;;file://[^\u{1B}\u{07}]*\(path)\(Self.esc)\\\\\(name)", options: .regularExpression) != nil,
                    "\(name): \(text.debugDescription)")
        }
        #expect(!text.contains("\u{07}"), "a BEL reached the terminal")
    }

    /// Links made to attack: control bytes and sequences in the URI, a URI too long, one broken
    /// by another sequence. Only printable ASCII URIs reach the terminal, in the app's own
    /// sequences; a broken one shows as text.
    @Test func hostileLinksCannotDriveTheTerminal() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let esc = Self.esc, st = Self.st
        let lines = [
            "\(esc)]8;;http://x/\u{9B}2J\u{07}C1\(esc)]8;;\u{07}",
            "\(esc)]8;;http://x/\(esc)[2J\(st)CLEAR",
            "\(esc)]8;;http://x/\t\r\u{01}y\(st)CONTROLS\(esc)]8;;\(st)",
            "\(esc)]8;;http://x/" + String(repeating: "a", count: 3000) + "\(st)LONG\(esc)]8;;\(st)",
            "\(esc)]8;;http://x/é ü\(st)UNICODE\(esc)]8;;\(st)",
            "\(esc)]8;id=\(esc)]0;title\u{07};http://x/\(st)TITLE",
            "LAST",
        ]
        let path = HardeningSession.fixture("links.txt", in: directory, Array(lines.map { $0 + "\n" }.joined().utf8))
        let session = try HardeningSession(["--file", path], directory: directory, prefix: "TERM=xterm-256color", recordOutput: true)
        try session.tmux.waitFor("LAST")
        let screen = session.screenLines()
        #expect(Array(screen[1...7]) == ["›C1", " ␛]8;;http://x/␛[2J␛\\CLEAR", " CONTROLS", " LONG", " UNICODE",
                                         " ␛]8;id=␛]0;title␇;http://x/␛\\TITLE", " LAST"], "\(screen)")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
        let output = String(decoding: session.outputBytes(), as: UTF8.self)
        var links: [String] = []
        var rest = output[...]
        while let open = rest.range(of: "\(esc)]8;;") {
            let tail = rest[open.upperBound...]
            let end = try #require(tail.range(of: st), "an OSC 8 not ended by ST")
            links.append(String(tail[..<end.lowerBound]))
            rest = tail[end.upperBound...]
        }
        #expect(links.filter { !$0.isEmpty } == ["http://x/2J", "http://x/y", "http://x/%C3%A9%20%C3%BC"], "\(links)")
        #expect(links.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F } })
        #expect(!output.contains("x/\(esc)") && !output.contains("\u{9B}") && !output.contains("\(esc)]0;"), "\(output.debugDescription)")
    }

    /// Where links must not go: under `--no-color` or `NO_COLOR`, in tmux before 3.4, to GNU
    /// screen or tmux of unknown version, to the Linux console. Names show cleanly anyway.
    @Test(arguments: [
        ("--no-color", "TERM=xterm-256color", false), ("", "NO_COLOR=1 TERM=xterm-256color", false),
        ("", "", false), ("", "TERM=linux", false), ("", "TERM=screen-256color", false),
        ("", "TERM_PROGRAM=tmux TERM_PROGRAM_VERSION=3.3a", false),
        ("", "TERM_PROGRAM=tmux TERM_PROGRAM_VERSION=3.4", true),
    ])
    func lsHyperlinksGoOnlyWhereTheyShould(argument: String, environment: String, linked: Bool) throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.tree(in: directory)
        let session = try HardeningSession(argument.isEmpty ? [] : [argument], directory: directory,
                                           prefix: "ls --hyperlink=always --color=always tree | \(environment)", recordOutput: true)
        try session.tmux.waitFor("sub dir")
        let lines = session.screenLines()
        #expect(lines[1...3] == ["›a.txt", " b c.txt", " sub dir"], "\(environment): \(lines)")
        #expect(!session.tmux.capture().contains("␛"))
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
        let output = session.outputBytes()
        #expect(Self.contains(output, "\(Self.esc)]8;;file://") == linked, "\(argument) \(environment)")
        #expect(!Self.contains(output, "\u{07}sub dir"), "the data's own sequence reached the terminal")
    }
}
