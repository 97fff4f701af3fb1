import Foundation
import Testing

/// Folds under a kept filter in tmux: folding a section while `&` keeps lines (which once
/// crashed the app) folds it inside the filtered rows, unfolding shows only the matching lines
/// under their headers, and Enter prints one of them.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct SectionFilterEndToEndTests {
    /// Four commits, `commit a` to `commit d`, each with 5 `Author` and 5 `body` lines.
    static let log = ["a", "b", "c", "d"].map { c in
        (["commit \(c)"] + (1...5).flatMap { i in ["Author \(c)\(i)", "body \(c)\(i)"] }).joined(separator: "\n")
    }.joined(separator: "\n") + "\n"

    func session(_ arguments: [String], in directory: String) throws -> HardeningSession {
        _ = HardeningSession.fixture("small.txt", in: directory, Array(Self.log.utf8))
        return try HardeningSession(arguments + ["small.txt"], directory: directory, rows: 30, redirections: "> out.txt")
    }

    /// `&Author` Enter: the filter kept; the title counts the lines it keeps.
    func keepFilter(_ session: HardeningSession) throws {
        session.tmux.sendKeys("&Author", literal: true)
        try session.tmux.waitFor("Author d5")
        session.tmux.sendKeys("Enter")
        let kept = try session.tmux.waitUntil("prompt closed") { !$0.components(separatedBy: "\n").contains { $0.hasPrefix("&") } }
        #expect(session.screenLines()[0].hasSuffix("20 of 44 items"), "\(kept)")
    }

    @Test func foldingUnderAKeptFilterFoldsInsideIt() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try session(["--section-start", #"^commit (\S+)"#], in: directory)
        try session.tmux.waitFor("▾ c · 11 lines")
        try keepFilter(session)
        session.tmux.sendKeys("o")
        try session.tmux.waitUntil("section a folded in the filtered rows") { _ in
            FileManager.default.fileExists(atPath: directory + "/status") || session.selectedText() == "▸ a · 5 of 11 lines"
        }
        let folded = session.tmux.capture()
        #expect(!FileManager.default.fileExists(atPath: directory + "/status"), "the app stopped: \(folded)")
        #expect(session.screenLines()[2] == " ▾ b · 5 of 11 lines" && session.screenLines()[3] == " Author b1", "\(folded)")
        #expect(!folded.contains("Author a") && !folded.contains("body"), "\(folded)")
        session.tmux.sendKeys("Down")
        try session.tmux.waitUntil("a line of b selected") { _ in session.selectedText() == "Author b1" }
        session.tmux.sendKeys("z")
        try session.tmux.waitFor("▸ d · 5 of 11 lines")
        let others = session.tmux.capture()
        #expect(others.contains("▸ c · 5 of 11 lines") && others.contains("Author b5") && !others.contains("Author c1"), "\(others)")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        #expect(try String(contentsOfFile: directory + "/out.txt", encoding: .utf8) == "Author b1\n")
    }

    @Test func unfoldingUnderAKeptFilterShowsOnlyItsLines() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try session(["--section-by", #"^\S+ (\S)"#], in: directory)
        try session.tmux.waitFor("▾ c · 11 lines")
        session.tmux.sendKeys("o")
        try session.tmux.waitUntil("section a folded") { _ in session.selectedText() == "▸ a · 11 lines" }
        try keepFilter(session)
        #expect(session.selectedText() == "▸ a · 5 of 11 lines", "the folded section with matches stays: \(session.screenLines())")
        session.tmux.sendKeys("Z")
        try session.tmux.waitUntil("section a unfolded") { _ in session.screenLines()[1] == " ▾ a · 5 of 11 lines" }
        let open = session.tmux.capture()
        #expect(session.screenLines()[2] == " Author a1" || session.screenLines()[2] == "›Author a1", "\(open)")
        #expect(!open.contains("body") && !open.contains("commit"), "\(open)")
        session.tmux.sendKeys("Home", "Enter")
        #expect(try session.exitStatus() == 0)
        #expect(try String(contentsOfFile: directory + "/out.txt", encoding: .utf8) == "Author a1\n")
    }
}
