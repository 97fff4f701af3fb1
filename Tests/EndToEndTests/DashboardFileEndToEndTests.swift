import Foundation
import Testing

/// `pullfeed --dashboard FILE` in a real terminal: a file with a mistake is one line on stderr
/// that names the file, the line and the key, exit 2, and nothing is drawn (the terminal is as
/// it was); a good file starts the list with its sources' lines.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct DashboardFileEndToEndTests {
    typealias Session = EveryTerminalTests.Session

    /// A session that waits for the test's files, with everything the pane shows recorded in
    /// `pane.out` from before pullfeed starts.
    static func session(_ arguments: [String], files: [(String, String)]) throws -> Session {
        let session = try Session(arguments, term: "tmux-256color", prefix: DashboardExamplesTests.waitForFiles, redirections: "2> err")
        try session.tmux.run(["pipe-pane", "-t", session.tmux.session, "-o", "cat >> \(Tmux.shellQuote(session.directory + "/pane.out"))"])
        try DashboardExamplesTests.write(files.map { ($0.0, $0.1, false) }, in: session)
        return session
    }

    @Test(arguments: [
        ("every: 2\nsources:\n  - command: seq 3\n    evrey: 1\n", "pullfeed: bad.yaml:4: unknown key 'evrey'"),
        ("sources:\n  - command: seq 3\n    every: abc\n", "pullfeed: bad.yaml:3: every: The value 'abc' is invalid for '--every <seconds>'"),
        ("sources:\n  - file: a.log\n  - file: a.log\n", "pullfeed: bad.yaml:3: file: 'a.log' is given twice: each file is one section"),
        ("sources: []\n", "pullfeed: bad.yaml:1: sources: is empty: give at least one source (- command: ..., - file: ...)"),
        ("sources:\n  - command: 'seq 3\n", "pullfeed: bad.yaml:3: not YAML: found unexpected end of stream (while scanning a quoted scalar on line 2)"),
    ])
    func aMistakeIsOneLineWithItsPlaceAndNothingDrawn(yaml: String, message: String) throws {
        let session = try Self.session(["--dashboard", "bad.yaml"], files: [("bad.yaml", yaml)])
        #expect(try session.exitStatus() == 2)
        #expect(session.file("err") == message)
        try session.tmux.waitFor("pullfeed exited with 2")
        try session.tmux.waitUntil("the pane's recording") { _ in session.file("pane.out").contains("pullfeed exited with 2") }
        let recorded = session.file("pane.out")
        #expect(!recorded.contains("\u{1B}"), "pullfeed drew before the error: \(recorded.debugDescription)")
        #expect(session.lines().filter { !$0.isEmpty } == ["pullfeed exited with 2", "$"])
    }

    @Test func aDashboardStartsWithItsSourcesLines() throws {
        let yaml = """
            every: 60
            sources:
              - command: printf 'alpha-1\\nalpha-2\\n'
                title: alpha
              - file: notes.txt
            """
        let session = try Self.session(["--dashboard", "ops.yaml"], files: [("ops.yaml", yaml), ("notes.txt", "note-1\n")])
        try session.tmux.waitFor("alpha-2")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        #expect(session.file("err").isEmpty)
    }
}
