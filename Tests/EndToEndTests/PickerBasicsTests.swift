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
            #expect(lines.count == 2, "only the error line, then the status line: \(screen)")
        }
    }
}
