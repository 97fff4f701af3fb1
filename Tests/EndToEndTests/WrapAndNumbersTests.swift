import Foundation
import Testing

/// What a `less` user reading a log expects: long lines wrapped (`w`, `--wrap`) and line
/// numbers (`#`, `--line-numbers`), on the real binary in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct WrapAndNumbersTests {
    typealias Session = EveryTerminalTests.Session

    static let long = (0..<40).map { "word\($0)" }.joined(separator: " ") + " THE-END"
    static let lines = ["item alpha", long, "item charlie", "item delta", long + " again", "item foxtrot"]

    /// `w` shows a long line's end over several rows, each after the first marked `↳`; `w` again
    /// cuts it.
    @Test func wShowsALongLinesEndAndWAgainHidesIt() throws {
        let session = try Session(["items.txt"], term: "tmux-256color", items: Self.lines)
        try session.waitForSelection("item alpha")
        #expect(!session.tmux.capture().contains("THE-END"))
        session.tmux.sendKeys("w")
        let wrapped = try session.tmux.waitFor("THE-END")
        #expect(wrapped.components(separatedBy: "\n").contains { $0.hasPrefix(" ↳ ") }, "\(wrapped)")
        session.tmux.sendKeys("w")
        try session.tmux.waitUntil("the long line cut again") { !$0.contains("THE-END") && !$0.contains("↳") }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// With `--wrap`, one Down moves from the wrapped line to the next line, not to its second
    /// row, and one Up from the next line back to the whole wrapped line.
    @Test func wrapStartsWrappedAndOneDownMovesOneItem() throws {
        let session = try Session(["--wrap", "items.txt"], term: "tmux-256color", items: Self.lines)
        try session.waitForSelection("item alpha")
        try session.tmux.waitFor("THE-END")
        session.tmux.sendKeys("Down")
        try session.waitForSelection("word0 word1")
        session.tmux.sendKeys("Down")
        try session.waitForSelection("item charlie")
        session.tmux.sendKeys("Up")
        try session.waitForSelection("word0 word1")
        session.tmux.sendKeys("Up")
        try session.waitForSelection("item alpha")
        session.tmux.sendKeys("Down", "Down")
        try session.waitForSelection("item charlie")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        try session.tmux.waitFor("pullfeed exited with 0")
        #expect(session.lines().contains("item charlie"))
    }

    /// A search match broken by a wrap point is marked on both rows: "NEED" ends the line's
    /// first row, "LE" begins its second, after the mark.
    @Test func aSearchMatchBrokenByAWrapPointIsMarkedOnBothRows() throws {
        let line = String(repeating: "x", count: 75) + "NEEDLE tail"
        let session = try Session(["--wrap", "items.txt"], term: "tmux-256color", items: ["item alpha", line, "item charlie"])
        try session.waitForSelection("item alpha")
        session.tmux.sendKeys("/NEEDLE", literal: true)
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("xxxxNEED")
        let rows = session.tmux.captureStyled().components(separatedBy: "\n")
        let first = try #require(rows.first { $0.contains("NEED") })
        let second = try #require(rows.first { $0.contains("↳") && $0.contains(" tail") })
        #expect(Self.isUnderlined("NEED", in: first), "\(first.debugDescription)")
        #expect(Self.isUnderlined("LE", in: second), "\(second.debugDescription)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// A line of some 40 rows at 80 columns, its match near its end: `/` shows the match's row.
    @Test func aSearchShowsTheMatchOfALineTallerThanTheScreen() throws {
        let tall = (0..<600).map { "w\($0)" }.joined(separator: " ") + " FOUND-IT " + (0..<100).map { "v\($0)" }.joined(separator: " ")
        let session = try Session(["--wrap", "items.txt"], term: "tmux-256color", items: ["item alpha", tall, "item charlie"])
        try session.waitForSelection("item alpha")
        #expect(!session.tmux.capture().contains("FOUND-IT"))
        session.tmux.sendKeys("/FOUND-IT", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("FOUND-IT")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// Whether `text` follows an SGR sequence that turns underline on (and maybe others after
    /// it, as tmux writes them), in a `capture-pane -e` row.
    static func isUnderlined(_ text: String, in row: String) -> Bool {
        let pattern = "\u{1B}\\[([0-9]*;)*4(;[0-9]*)*m(\u{1B}\\[[0-9;]*m)*" + NSRegularExpression.escapedPattern(for: text)
        return row.range(of: pattern, options: .regularExpression) != nil
    }

    /// `#` shows each line's number before it: the third line of the file is `3  item charlie`;
    /// Enter prints the line without it.
    @Test func hashShowsLineNumbers() throws {
        let session = try Session(["items.txt"], term: "tmux-256color", items: Self.lines)
        try session.waitForSelection("item alpha")
        session.tmux.sendKeys("#")
        let screen = try session.tmux.waitFor("3  item charlie")
        #expect(screen.contains("›1  item alpha"), "\(screen)")
        session.tmux.sendKeys("Down", "Down", "Enter")
        #expect(try session.exitStatus() == 0)
        try session.tmux.waitFor("pullfeed exited with 0")
        let after = session.lines()
        #expect(after.contains("item charlie"), "\(after)")
        #expect(!after.contains { $0.hasSuffix("3  item charlie") }, "the number is not printed: \(after)")
    }
}
