import Foundation
import Testing

/// `PULLFEED_DEFAULT_OPTS` on the real binary: its options take effect, the command line's win,
/// and a bad value is a usage error that names the variable.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct DefaultOptionsEndToEndTests {
    typealias Session = EveryTerminalTests.Session

    @Test func theVariablesOptionsTakeEffect() throws {
        let session = try Session(["--command", "cat items.txt"], term: "tmux-256color",
                                  environment: ["PULLFEED_DEFAULT_OPTS": "--no-color --every 5"], items: ColourTests.coloured)
        let tmux = session.tmux
        try tmux.waitUntil("the title says every 5s") { $0.components(separatedBy: "\n")[0].contains("every 5s") }
        try tmux.waitFor("NEXT-LINE")
        for row in tmux.captureStyled().components(separatedBy: "\n") {
            #expect(!ColourTests.setsColour(row), "colour in \(row.debugDescription)")
        }
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)

        let overridden = try Session(["--every", "2", "--command", "cat items.txt"], term: "tmux-256color",
                                     environment: ["PULLFEED_DEFAULT_OPTS": "--every 5"], items: ["one", "two"])
        try overridden.tmux.waitUntil("the title says every 2s") { $0.components(separatedBy: "\n")[0].contains("every 2s") }
        overridden.tmux.sendKeys("q")
        #expect(try overridden.exitStatus() == 0)
    }

    @Test func badValuesAreUsageErrorsThatNameTheVariable() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let cases: [(value: String, arguments: [String], says: String)] = [
            ("--every '5", [], "PULLFEED_DEFAULT_OPTS: a ' quote is not closed"),
            ("--bogus", [], "PULLFEED_DEFAULT_OPTS: Unknown option '--bogus'"),
            ("--file x", ["--command", "ls"], "PULLFEED_DEFAULT_OPTS gives --file x, the command line --command ls"),
        ]
        for (value, arguments, says) in cases {
            let result = try PullFeedCommandLineTests().run(
                arguments, environment: ["PATH": path, "TERM": "xterm-256color", "PULLFEED_DEFAULT_OPTS": value])
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr.hasPrefix("pullfeed: ") && result.stderr.contains(says), "\(value): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(value): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
