import Dispatch
import Foundation
import Testing
@testable import PullFeed
import TerminalUI

/// Untrusted item text through the real file, stdin and command sources, rendered
/// headlessly: nothing a terminal would interpret reaches the screen, rows never overflow,
/// and odd files (huge lines, CRLF, shrinking, vanishing) keep the app usable.
@Suite struct HostileDataTests {
    static let esc = "\u{1B}"
    /// Lines a hostile file might hold, as raw bytes.
    static let hostileLines: [[UInt8]] = [
        Array("\(esc)[2J\(esc)[H cleared?".utf8),
        Array("\(esc)]52;c;ZWNobyBwd25lZA==\u{07} clipboard".utf8),
        Array("\(esc)]0;owned title\u{07} title".utf8),
        Array("\(esc)[10;10H\(esc)[A\(esc)[2K\(esc)7\(esc)8 cursor".utf8),
        Array("\(esc)P+q544e\(esc)\\ dcs".utf8),
        Array("8-bit csi ".utf8) + [0xC2, 0x9B] + Array("31m red".utf8),
        Array("raw c1 ".utf8) + [0x9B, 0x9D, 0x90] + Array("31m".utf8),
        Array("nul".utf8) + [0x00] + Array("byte\u{07}bell\u{08}back\u{7F}del".utf8),
        Array("invalid ".utf8) + [0xFF, 0xFE, 0xED, 0xA0, 0x80, 0xC0, 0xAF, 0xF4, 0x90, 0x80, 0x80],
        Array("tab\tcolumns\tand \u{202E}bidi override".utf8),
        Array("中文字符和 emoji 🎉👩‍👩‍👧 wide, wide, wide 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字".utf8),
        Array("crlf line\r".utf8),
    ]

    static func fileBytes(_ lines: [[UInt8]], crlf: Bool = false) -> [UInt8] {
        lines.flatMap { $0 + (crlf ? [0x0D, 0x0A] : [0x0A]) }
    }

    /// Lets background work finish and its results arrive, a few rounds.
    static func settle(_ h: ScreenHarness, queue: DispatchQueue, rounds: Int = 4) {
        for _ in 0..<rounds {
            queue.sync(flags: .barrier) {}
            h.advance(0.2)
        }
    }

    /// Settles until `done` holds, for work that other threads finish (counting a file,
    /// noticing a change to it): round after round, without sleeping, for at most 20 s of the
    /// machine's time (a count of rounds ran out on a loaded machine before the counting thread
    /// got a core).
    static func settle(_ h: ScreenHarness, queue: DispatchQueue, until done: () -> Bool) {
        let deadline = DispatchTime.now() + 20
        while !done(), DispatchTime.now() < deadline {
            queue.sync(flags: .barrier) {}
            h.advance(0)
            sched_yield()
        }
        settle(h, queue: queue)
    }

    /// Nothing on screen is a control character, rows fit, wide characters are whole.
    static func expectSafe(_ h: ScreenHarness, _ context: String = "") {
        FeedFuzzTests.checkInvariants(h, context: context)
    }

    @Test(arguments: [(80, 24), (20, 8), (1, 1), (3, 2), (300, 100)])
    func hostileFileRendersInertAndFits(columns: Int, rows: Int) {
        let path = temporaryFile(Self.fileBytes(Self.hostileLines))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let h = ScreenHarness(source: source, columns: columns, rows: rows)
        Self.settle(h, queue: source.queue)
        #expect(h.reactor.currentState.lines.count == Self.hostileLines.count)
        Self.expectSafe(h, "\(columns)x\(rows)")
        for _ in 0..<Self.hostileLines.count {
            h.press(.down)
            Self.expectSafe(h, "\(columns)x\(rows) after Down")
        }
        if columns >= 80 {
            let text = h.text
            #expect(text.contains("␛[2J␛[H cleared?"))
            #expect(text.contains("␛]52;c;ZWNobyBwd25lZA==␇ clipboard"))
            #expect(text.contains("␛[31m red"))
            #expect(text.contains("nul␀byte␇bell␈back␡del"))
            #expect(text.contains("tab     columns and \u{FFFD}bidi"))
            #expect(!text.contains("␍"))
        }
    }

    @Test func hostileCommandOutputRendersInert() {
        let path = temporaryFile(Self.fileBytes(Self.hostileLines, crlf: true))
        defer { unlink(path) }
        let source = CommandSource(command: "cat '\(path)'", paged: false, timeout: 10)
        let h = ScreenHarness(source: source)
        Self.settle(h, queue: source.queue)
        #expect(h.reactor.currentState.lines.count == Self.hostileLines.count)
        Self.expectSafe(h)
        #expect(h.text.contains("␛]0;owned title␇ title"))
        // CRLF ends are dropped; only the line that had its own extra CR shows it.
        #expect(h.lines.filter { $0.contains("␍") }.map { $0.drop { $0 == " " || $0 == "›" } } == ["crlf line␍"])
    }

    @Test func hostileStdinRendersInert() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let bytes = Self.fileBytes(Self.hostileLines)
        #expect(bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == bytes.count)
        close(fds[1])
        defer { close(fds[0]) }
        let source = StdinSource(fd: fds[0])
        let h = ScreenHarness(source: source)
        Self.settle(h, queue: source.queue)
        #expect(h.reactor.currentState.lines.count == Self.hostileLines.count)
        Self.expectSafe(h)
    }

    @Test func hostileErrorMessageInTheToastIsInert() {
        let source = CommandSource(command: "printf '\\033[2J\\033]52;c;eA==\\007boom\\n' >&2; exit 3", paged: false, timeout: 10)
        let h = ScreenHarness(source: source)
        Self.settle(h, queue: source.queue)
        #expect(h.lines[23] == " Refresh failed: ␛[2J␛]52;c;eA==␇boom")
        Self.expectSafe(h)
    }

    @Test func aOneMegabyteLineIsShownCutAndStaysFast() {
        var bytes = Array(repeating: UInt8(ascii: "x"), count: 1 << 20)
        bytes[500] = 0x1B  // a control character defeats the sanitiser's fast path
        let path = temporaryFile(bytes + Array("\nshort\n".utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let h = ScreenHarness(source: source)
        Self.settle(h, queue: source.queue)
        #expect(h.reactor.currentState.lines.count == 2)
        #expect(h.lines[1] == "›" + String(repeating: "x", count: 78) + "…")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<20 { h.press(.down, .up) }
        }
        Self.expectSafe(h)
        // 40 frames showing the line: the frame cost must not grow with the line's length.
        #expect(elapsed < .seconds(2), "40 frames took \(elapsed)")
    }

    @Test func tenThousandWideLinesPageInAndFit() {
        let lines = (0..<10_000).map { i in Array("第\(i)行 漢字かなカナ한글 🎉👍🏽🇯🇵 \(i % 7 == 0 ? "é\u{301}" : "")".utf8) }
        let path = temporaryFile(Self.fileBytes(lines))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let h = ScreenHarness(source: source, columns: 37, rows: 12)
        Self.settle(h, queue: source.queue)
        h.press(.end)
        Self.settle(h, queue: source.queue, rounds: 6)
        #expect(h.reactor.currentState.lines.count == 10_000)
        #expect(h.lines[h.lines.count - 3].hasPrefix("›第9999行"))
        Self.expectSafe(h)
        for _ in 0..<30 {
            h.press(.pageUp)
            Self.expectSafe(h)
        }
    }

    /// A binary file is shown with its control bytes as symbols, and the status line says why
    /// the lines look so; a text file says nothing of the kind.
    @Test func aBinaryFileIsShownInertWithANote() throws {
        var bytes: [UInt8] = Array("ELF header\n".utf8) + [0, 1, 2, 0x1B, 0x5B, 0x32, 0x4A, 10] + Array("tail\n".utf8)
        bytes += (0..<300).map { UInt8($0 % 256) }
        let path = temporaryFile(bytes)
        defer { unlink(path) }
        let source = FileSource(path: path)
        let h = ScreenHarness(source: source)
        Self.settle(h, queue: source.queue) { h.reactor.currentState.hasLoaded }
        #expect(h.lines[23] == " This looks like a binary file: its control bytes are shown as symbols")
        #expect(h.lines.contains { $0.contains("␀") && $0.contains("␛[2J") }, "\(h.lines)")
        Self.expectSafe(h)

        let text = temporaryFile(Array("plain text\n".utf8))
        defer { unlink(text) }
        let plain = FileSource(path: text)
        let p = ScreenHarness(source: plain)
        Self.settle(p, queue: plain.queue) { p.reactor.currentState.hasLoaded }
        #expect(!p.lines[23].contains("binary"))
    }

    @Test func aFileThatShrinksThenDisappearsKeepsWhatIsShown() throws {
        let padding = String(repeating: "-", count: 200)
        let path = temporaryFile(Array((0..<2_000).map { "line \($0) \(padding)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let h = ScreenHarness(source: source, pageSize: 100, columns: 200)
        Self.settle(h, queue: source.queue) { !h.reactor.currentState.isCounting }
        // A file is counted whole in the background; the lines are read back when shown.
        #expect(h.reactor.currentState.lines.count == 2_000)

        // Truncated while shown: the watcher sees it, the list reloads from the new contents
        // and a toast says so; nothing of the old file stays.
        #expect(truncate(path, 0) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data("line 0\nline 1\n".utf8))
        try handle.close()
        h.press(.end)
        Self.settle(h, queue: source.queue) { h.reactor.currentState.lines.count == 2 }
        #expect(h.reactor.currentState.lines.count == 2)
        #expect(h.lines[23] == " File was truncated; reloaded")
        #expect(!h.reactor.currentState.isLoadingMore && !h.reactor.currentState.hasMore)
        Self.expectSafe(h)

        // A refresh re-reads the shorter file; the selected line is gone, so the selection
        // goes to the same index, clamped: the last line. The truncation already reloaded these
        // two lines, so none of them is new.
        h.press(.character("r"))
        Self.settle(h, queue: source.queue)
        #expect(h.reactor.currentState.lines.count == 2)
        #expect(h.lines[1] == " line 0")
        #expect(h.lines[2] == "›line 1")

        // Gone: the watcher says so, the refresh fails, the items stay, the toast says why.
        unlink(path)
        Self.settle(h, queue: source.queue) { h.lines[23] == " File was deleted; showing what was read" }
        #expect(h.lines[23] == " File was deleted; showing what was read")
        h.press(.character("r"))
        Self.settle(h, queue: source.queue)
        #expect(h.reactor.currentState.lines.count == 2)
        #expect(h.lines[1] == " line 0")
        #expect(h.lines[2] == "›line 1")
        #expect(h.lines[23] == " Refresh failed: cannot open '\(path)': No such file or directory")
        Self.expectSafe(h)
    }
}
