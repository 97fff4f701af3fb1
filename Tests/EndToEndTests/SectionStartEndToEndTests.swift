import Foundation
import Testing

/// `--section-start REGEX` in tmux: `git log -p` grouped by commit (each commit's lines under
/// its header, `Other` for what comes before the first), a stream whose commit goes on as its
/// lines arrive, a large file grouped whole, and the usage errors it shares with `--section-by`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct SectionStartEndToEndTests {
    static let pattern = #"^commit (\S{7})"#

    /// A `git log -p` of `commits` commits, each a header, an author, a message and a diff of
    /// `diffLines` lines; the first hash is `c000000`.
    static func gitLog(commits: Int, diffLines: Int = 3) -> String {
        (0..<commits).map { i in
            let hash = String(format: "c%06x", i) + "0123456789abcdef0123456789abcdef0"
            return (["commit \(hash)", "Author: Dev <dev@example.com>", "", "    change \(i)", "",
                     "diff --git a/f\(i) b/f\(i)"] + (0..<diffLines).map { "+line \($0) of commit \(i)" })
                .joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }

    @Test func gitLogPatchGroupedByCommit() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("log.txt", in: directory, Array(("warning: shallow clone\n" + Self.gitLog(commits: 4)).utf8))
        let session = try HardeningSession(["--section-start", Self.pattern, "log.txt"], directory: directory)
        let screen = try session.tmux.waitFor("▾ c000000 · 9 lines")
        let lines = session.screenLines()
        #expect(lines[1] == " ▾ c000000 · 9 lines", "\(screen)")
        #expect(lines[2].hasPrefix("›commit c000000") && lines[3] == " Author: Dev <dev@example.com>", "\(screen)")
        #expect(lines[11] == " ▾ c000001 · 9 lines", "the commit's 9 lines, then the next: \(screen)")
        // Down skips the open header to commit 1's lines; `o` folds it and selects its header.
        for _ in 0..<10 { session.tmux.sendKeys("Down") }
        try session.tmux.waitUntil("the selection on commit 1's author") { _ in session.screenLines()[13].hasPrefix("›Author") }
        session.tmux.sendKeys("o")
        try session.tmux.waitUntil("commit 1 folded") { _ in session.selectedText() == "▸ c000001 · 9 lines" }
        session.tmux.sendKeys("End")
        let end = try session.tmux.waitFor("▾ Other · 1 line")
        #expect(end.contains("warning: shallow clone"), "what comes before the first commit is Other: \(end)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// Lines arriving on a pipe join the commit they follow, with `+N`; a new commit line
    /// starts a new section.
    @Test func aStreamsCommitGoesOnAsItsLinesArrive() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stream = """
            printf 'commit aaaaaaa1\\nAuthor: a\\n'
            while [ ! -e more ]; do sleep 0.1; done
            printf '+one\\n+two\\ncommit bbbbbbb2\\n'
            sleep 600
            """
        _ = HardeningSession.fixture("stream.sh", in: directory, Array(stream.utf8))
        let session = try HardeningSession(["--section-start", Self.pattern], directory: directory, prefix: "sh stream.sh |")
        try session.tmux.waitFor("▾ aaaaaaa · 2 lines")
        _ = FileManager.default.createFile(atPath: directory + "/more", contents: nil)
        let grown = try session.tmux.waitFor("▾ aaaaaaa · 4 lines  +2")
        #expect(grown.contains("▾ bbbbbbb · 1 line  +1"), "\(grown)")
        #expect(session.screenLines()[5] == " +two", "\(grown)")
    }

    /// A `git log -p` that git is still writing: its first lines came at a pause, then far more
    /// than a stream's reader reads ahead of what is asked (1 MiB). Every line is read and
    /// grouped with no key (it was grouped only as far as the reader read ahead, until End).
    @Test func aStreamStillWrittenIsGroupedWhole() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("log.txt", in: directory, Array(Self.gitLog(commits: 1_000, diffLines: 94).utf8))
        let stream = """
            printf 'commit aaaaaaa1\\nAuthor: a\\n'
            while [ ! -e more ]; do sleep 0.1; done
            cat log.txt
            sleep 600
            """
        _ = HardeningSession.fixture("stream.sh", in: directory, Array(stream.utf8))
        let session = try HardeningSession(["--section-start", Self.pattern], directory: directory, prefix: "sh stream.sh |")
        try session.tmux.waitFor("▾ aaaaaaa · 2 lines")
        _ = FileManager.default.createFile(atPath: directory + "/more", contents: nil)
        let whole = try session.tmux.waitUntil(timeout: 60, "all 100,002 lines read and grouped") { _ in
            session.screenLines()[0].hasSuffix("100,002 items")
        }
        #expect(session.screenLines()[1] == " ▾ aaaaaaa · 2 lines", "\(whole)")
    }

    /// 200,000 lines in 2,000 commits: grouped whole (off the UI thread), End shows the last
    /// commit with all its lines.
    @Test func aLargeFileIsGroupedWhole() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("big.txt", in: directory, Array(Self.gitLog(commits: 2_000, diffLines: 94).utf8))
        let session = try HardeningSession(["--section-start", Self.pattern, "big.txt"], directory: directory)
        try session.tmux.waitFor("▾ c000000 · 100 lines", timeout: 30)
        session.tmux.sendKeys("End")
        let end = try session.tmux.waitFor("+line 93 of commit 1999", timeout: 30)
        #expect(end.components(separatedBy: "\n")[1] == " ▾ c0007cf · 100 lines", "the last commit's header on top: \(end)")
        #expect(end.components(separatedBy: "\n")[0].hasSuffix("200,000 items") || end.contains("200000 items"), "\(end)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func badPatternsAndBothOptionsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--section-start", "("], "--section-start '(' is not a usable regular expression"),
            (["--section-start", "x*"], "matches the empty text"),
            (["--section-start", ""], "the pattern is empty"),
            (["--section-start", "^commit", "--section-by", "^(\\S+)"], "choose one of --section-by"),
        ]
        for (arguments, says) in cases {
            let result = try PullFeedCommandLineTests().run(arguments + ["--command", "true"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("pullfeed: ") && result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let help = try PullFeedCommandLineTests().run(["--help"])
        #expect(help.stdout.contains("--section-start <regex>"))
    }
}
