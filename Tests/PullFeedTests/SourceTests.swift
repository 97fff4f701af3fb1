import Dispatch
import Foundation
import Testing
@testable import PullFeed

@Suite struct FileSourceTests {
    let time = VirtualTime()

    @Test func readsPageByPageAndKnowsTheEnd() throws {
        let path = temporaryFile(Array((1...450).map { "line \($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        // The first page holds at least a page: every line counted by then.
        let first = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        #expect(first.completed)
        let counted = first.result?.lines?.count ?? 0
        #expect(counted >= 200 && counted <= 450)
        #expect(first.result?.lines?.first == "line 1")
        // More may come while counting goes on (it may have counted every line but not yet
        // seen the end of the file).
        #expect(counted == 450 || first.result?.hasMore == true)
        let second = loadPage(source, queue: source.queue, offset: 200, limit: 200, time: time)
        #expect(second.result?.lines?.first == "line 201")
        let third = loadPage(source, queue: source.queue, offset: 400, limit: 200, time: time)
        #expect(third.result?.lines?.count == 50)
        #expect(third.result?.lines?.last == "line 450")
        #expect(third.result?.hasMore == false)
    }

    /// The first refresh of a regular file is read on the thread that asks: its page comes with
    /// the loop's next turn while the source's queue is held, so the first frame waits for no
    /// thread. A later refresh opens the file again on the queue.
    @Test func theFirstPageIsReadWhereItIsAskedFor() {
        let path = temporaryFile(Array((1...450).map { "line \($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        source.queue.suspend()
        var first: Result<Page, SourceError>?
        let subscription = source.load(.refresh(limit: 200), on: time.scheduler).sink { first = $0 }
        time.advance(0)
        #expect(first?.lines?.first == "line 1")
        #expect((first?.lines?.count ?? 0) >= 200)
        var again: Result<Page, SourceError>?
        let later = source.load(.refresh(limit: 200, wholeResult: true), on: time.scheduler).sink { again = $0 }
        time.advance(0)
        #expect(again == nil)
        source.queue.resume()
        source.queue.sync(flags: .barrier) {}
        time.advance(0)
        #expect(again?.lines?.first == "line 1")
        subscription.cancel()
        later.cancel()
    }

    /// The rest of the file is counted from the loop turn after the first page's (the one that
    /// draws it), or at once for a request that needs more lines than the head holds.
    @Test func countingStartsAfterTheFirstPagesTurn() {
        let path = temporaryFile(Array((1...30_000).map { "line \($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        var first: Result<Page, SourceError>?
        let subscription = source.load(.refresh(limit: 200), on: time.scheduler).sink { first = $0 }
        let index = source.current.withLock { $0 }
        #expect(index?.countingStarted == false)
        time.advance(0)
        #expect(first?.page?.isCounting == true)
        #expect(index?.countingStarted == true)
        subscription.cancel()

        let other = FileSource(path: path)
        let head = other.load(.refresh(limit: 200), on: time.scheduler).sink { _ in }
        let next = loadPage(other, queue: other.queue, offset: 25_000, limit: 200, time: time)
        #expect(next.result?.lines?.first == "line 25001")
        head.cancel()
    }

    /// A first page that the file's head does not hold (lines longer than its 64 KiB hold 200
    /// of) waits for counting on the queue, not on the thread that asks; a file that cannot be
    /// opened fails at once.
    @Test func aFirstPageBeyondTheHeadWaitsOnTheQueue() {
        let long = String(repeating: "x", count: 1_000)
        let path = temporaryFile(Array((1...300).map { "\($0) \(long)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        source.queue.suspend()
        var first: Result<Page, SourceError>?
        let subscription = source.load(.refresh(limit: 200), on: time.scheduler).sink { first = $0 }
        time.advance(0)
        #expect(first == nil)
        source.queue.resume()
        source.queue.sync(flags: .barrier) {}
        time.advance(0)
        #expect((first?.lines?.count ?? 0) >= 200)
        #expect(first?.lines?.first == "1 \(long)")
        subscription.cancel()

        let missing = FileSource(path: path + ".missing")
        missing.queue.suspend()
        var failed: Result<Page, SourceError>?
        let failing = missing.load(.refresh(limit: 200), on: time.scheduler).sink { failed = $0 }
        time.advance(0)
        #expect(failed?.reason == "cannot open '\(path).missing': No such file or directory")
        missing.queue.resume()
        failing.cancel()
    }

    /// A refresh that keeps the place answers once the lines shown are counted again, however
    /// far down they go (it answered as soon as a page was counted: the first 256 KiB).
    @Test func aRefreshThatKeepsThePlaceWaitsForTheLinesShown() {
        let path = temporaryFile(Array((1...600_000).map { "\($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let request = PageRequest.refresh(limit: 200, wholeResult: true, linesShown: 500_000)
        var result: Result<Page, SourceError>?
        let subscription = source.load(request, on: time.scheduler).sink { result = $0 }
        source.queue.sync(flags: .barrier) {}
        time.advance(0)
        subscription.cancel()
        #expect((result?.page?.lines.count ?? 0) >= 500_000)
        #expect(result?.lines?.first == "1")
    }

    @Test func pagesHoldWhereLinesAreNotTheirText() {
        let path = temporaryFile(Array((1...1_000).map { "a longer line of text, number \($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        var lines = LineList()
        while lines.count < 1_000 {
            let offset = lines.count
            guard case .success(let page)? = loadPage(source, queue: source.queue, offset: offset, limit: 400, time: time).result,
                  page.count > 0 else {
                Issue.record("page at \(offset) failed")
                return
            }
            #expect(page.items.isEmpty)
            lines.append(page.lines)
        }
        #expect(lines.count == 1_000)
        #expect(lines[999] == "a longer line of text, number 1000")
        #expect(lines[500] == "a longer line of text, number 501")
        // Nothing per line: the file's sparse index finds lines again when they are read.
        #expect(lines.byteCount == 0)
    }

    /// `--file <(cmd)` or a FIFO cannot be read back by offset: its lines are kept in memory.
    @Test func aFifoIsReadOnceAndItsLinesKept() throws {
        let path = NSTemporaryDirectory() + "pullfeed-fifo-\(UUID().uuidString)"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            let text = Array((1...300).map { "fifo line \($0)\n" }.joined().utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            written.signal()
        }
        writer.start()
        let source = FileSource(path: path)
        // Lines are offered as soon as the input pauses: the writer has written them first. The
        // reader thread may still be opening the FIFO (an input not yet there is offered empty,
        // as "waiting"): ask again until it has read them to the end, within a deadline. An
        // input that ended hands out every line from the page's first on.
        written.wait()
        var first = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        let deadline = Date().addingTimeInterval(10)
        while first.result?.lines?.count != 300, Date() < deadline {
            usleep(1_000)
            first = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        }
        #expect(first.result?.lines?.first == "fifo line 1")
        #expect(first.result?.lines?.last == "fifo line 300")
        let second = loadPage(source, queue: source.queue, offset: 200, limit: 200, time: time)
        #expect(second.result?.lines?.count == 100)
        #expect(second.result?.lines?.last == "fifo line 300")
        #expect(second.result?.hasMore == false)
        // A refresh cannot reopen it (the writer is gone): every line read comes again.
        let again = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        #expect(again.result?.lines?.first == "fifo line 1")
        #expect(again.result?.lines?.count == 300)
        #expect(again.result?.hasMore == false)
    }

    @Test func aPageEndingAtTheEndOfTheFileHasNoMore() {
        let path = temporaryFile(Array((1...400).map { "l\($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        _ = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        let last = loadPage(source, queue: source.queue, offset: 200, limit: 200, time: time)
        #expect(last.result?.lines?.count == 200)
        #expect(last.result?.hasMore == false)
    }

    @Test func crlfInvalidUTF8AndAMissingFinalNewline() {
        let bytes: [UInt8] = Array("a\r\nb".utf8) + [0xFF, 0xFE] + Array("\r\n\u{1B}[2Jc".utf8)
        let path = temporaryFile(bytes)
        defer { unlink(path) }
        let source = FileSource(path: path)
        let page = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(page.result?.lines == ["a", "b\u{FFFD}\u{FFFD}", "\u{1B}[2Jc"])
        #expect(page.result?.hasMore == false)
    }

    @Test func refreshRereadsAndADeletedFileIsAFailure() {
        let path = temporaryFile(Array("one\ntwo\n".utf8))
        let source = FileSource(path: path)
        #expect(loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time).result?.lines == ["one", "two"])
        _ = FileManager.default.createFile(atPath: path, contents: Data("three\n".utf8))
        #expect(loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time).result?.lines == ["three"])
        unlink(path)
        let gone = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(gone.result?.reason == "cannot open '\(path)': No such file or directory")
    }

    @Test func aDirectoryIsAClearFailure() {
        let source = FileSource(path: "/tmp")
        let page = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(page.result?.reason == "'/tmp' is a directory, not a text file")
    }
}

@Suite struct StdinSourceTests {
    /// While the input is open it is read page by page; once it has ended, a page holds every
    /// line from its first on (the count is exact, as a file's).
    @Test func readsAPipePageByPageAndRefreshReplaysIt() {
        let time = VirtualTime()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = (1...25).map { "row \($0)\n" }.joined()
        _ = text.withCString { write(fds[1], $0, strlen($0)) }
        let source = StdinSource(fd: fds[0])
        defer { close(fds[0]) }
        let first = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(first.result?.lines == (1...10).map { "row \($0)" })
        #expect(first.result?.hasMore == true)
        let again = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(again.result?.lines == first.result?.lines)
        let rest = loadPage(source, queue: source.queue, offset: 20, limit: 10, time: time)
        #expect(rest.result?.lines == (21...25).map { "row \($0)" })
        close(fds[1])
        let ended = Self.pageOnceEnded(source, offset: 0, limit: 10, time: time)
        #expect(ended?.lines == (1...25).map { "row \($0)" })
    }

    /// The page asked for, once the input has ended (the reader sees its end a moment after the
    /// writer closed it), within 10 s.
    static func pageOnceEnded(_ source: StdinSource, offset: Int, limit: Int, time: VirtualTime) -> (lines: [String]?, hasMore: Bool)? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let page = loadPage(source, queue: source.queue, offset: offset, limit: limit, time: time)
            if let ended = try? page.result?.get(), !ended.hasMore, !ended.isOpen { return (page.result?.lines, false) }
            usleep(1_000)
        }
        return nil
    }
}

extension StdinSourceTests {
    @Test func aRefreshDeliversEveryLineReadAndGoesOnReading() {
        let time = VirtualTime()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = (1...25).map { "row \($0)\r\n" }.joined() + "last"
        _ = text.withCString { write(fds[1], $0, strlen($0)) }
        let source = StdinSource(fd: fds[0])
        defer { close(fds[0]) }
        _ = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        let more = loadPage(source, queue: source.queue, offset: 10, limit: 5, time: time)
        #expect(more.result?.lines == (11...15).map { "row \($0)" })
        let refresh = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(refresh.result?.lines == (1...15).map { "row \($0)" })
        #expect(refresh.result?.hasMore == true)
        // A last line without a newline is a line once the input ends.
        close(fds[1])
        let rest = Self.pageOnceEnded(source, offset: 15, limit: 100, time: time)
        #expect(rest?.lines == (16...25).map { "row \($0)" } + ["last"])
        let all = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(all.result?.lines?.count == 26)
        #expect(all.result?.hasMore == false)
    }

    @Test func theFeedSharesTheKeptLinesInsteadOfCopyingThem() throws {
        let time = VirtualTime()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = (1...2_000).map { "line number \($0) of the piped input\n" }.joined()
        let writeEnd = fds[1]
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            _ = text.withCString { write(writeEnd, $0, strlen($0)) }
            close(writeEnd)
            written.signal()
        }
        writer.start()
        let source = StdinSource(fd: fds[0])
        defer { close(fds[0]) }
        // Lines are offered as soon as the input pauses: the whole input is written first.
        written.wait()
        let reactor = FeedReactor(source: source, pageSize: 200, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        source.queue.sync {}
        time.advance(0)
        reactor.action.send(.loadRest)
        // The reader thread and the source's queue hand lines over on their own time: wait
        // for them (a deadline, not a guessed sleep).
        let deadline = Date().addingTimeInterval(10)
        while reactor.currentState.lines.count < 2_000, Date() < deadline {
            source.queue.sync {}
            time.advance(0)
            if reactor.currentState.lines.count < 2_000 { usleep(1_000) }
        }
        let lines = reactor.currentState.lines
        try #require(lines.count == 2_000)
        #expect(lines[1_999] == "line number 2000 of the piped input")
        // One copy of the input, newlines included, and 4 bytes per 32 lines.
        #expect(lines.byteCount == text.utf8.count + 2_000 / 32 * 4 + 4)
    }
}

@Suite struct CommandSourceTests {
    let time = VirtualTime()

    @Test func eachStdoutLineIsAnItem() {
        let source = CommandSource(command: "printf 'a\\nb\\r\\nc'", paged: false, timeout: 5)
        var page = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        var lines = page.result?.lines ?? []
        // The output is streamed: what came after the first pause follows.
        while page.result?.page?.isOpen == true {
            page = loadPage(source, queue: source.queue, offset: lines.count, limit: 200, time: time)
            lines += page.result?.lines ?? []
        }
        #expect(lines == ["a", "b", "c"])
        #expect(page.result?.hasMore == false)
    }

    @Test func aFailingCommandThatPrintedNothingReportsItsFirstStderrLine() {
        let source = CommandSource(command: "echo 'no such host' >&2; echo more >&2; exit 3", paged: false, timeout: 5)
        let page = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        #expect(page.result?.reason == "no such host")
        let silent = CommandSource(command: "exit 4", paged: false, timeout: 5)
        #expect(loadPage(silent, queue: silent.queue, offset: 0, limit: 1, time: time).result?.reason
            == "command exited with status 4")
    }

    @Test func aFailingCommandsStdoutIsStillItsResult() {
        let source = CommandSource(command: "echo out; echo; echo 'no such host' >&2; echo more >&2; exit 3", paged: false, timeout: 5)
        var page = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        var lines = page.result?.lines ?? []
        // The output is streamed: how the command ended comes with the page that ends it.
        while page.result?.page?.isOpen == true {
            page = loadPage(source, queue: source.queue, offset: lines.count, limit: 200, time: time)
            lines += page.result?.lines ?? []
        }
        #expect(lines == ["out", ""])
        #expect(page.result?.page?.exit == CommandExit(status: 3, message: "no such host"))
        let silent = CommandSource(command: "seq 1 3; exit 1", paged: true, timeout: 5)
        let paged = loadPage(silent, queue: silent.queue, offset: 0, limit: 3, time: time)
        #expect(paged.result?.lines == ["1", "2", "3"])
        #expect(paged.result?.page?.exit == CommandExit(status: 1, message: nil))
        #expect(paged.result?.page?.hasMore == true)
        let fine = CommandSource(command: "echo ok", paged: false, timeout: 5)
        #expect(loadPage(fine, queue: fine.queue, offset: 0, limit: 200, time: time).result?.page?.exit == nil)
    }

    @Test func aHangingCommandTimesOutAndIsKilled() throws {
        let (source, directory) = try Self.shellWithAChild(timeout: 0.3)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time)
        #expect(page.result?.reason == "command timed out after 0.3 s")
        let pids = try ["shell", "child"].map { try #require(Self.pid(in: directory + "/" + $0), "\($0) never started") }
        // The shell and the child it started are gone, not left running after the timeout.
        #expect(Self.waitUntilGone(pids), "still running after the timeout: \(pids)")
    }

    /// A refresh replaces a run that holds at its read-ahead (more output than is read without
    /// being asked): the old run's shell is reaped, not left a zombie holding its pipes.
    @Test func aReplacedRunIsReapedWhileItsOutputWaits() throws {
        let directory = NSTemporaryDirectory() + "pullfeed-replaced-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = CommandSource(command: "echo $$ >> \(directory)/shells; exec seq 1 400000", paged: false, timeout: 60)
        #expect(loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time).result?.lines?.first == "1")
        let first = try #require(Self.pid(in: directory + "/shells"), "the first run never started")
        // Replaced only once its reader holds: a run replaced while it is still read would end
        // by itself.
        try #require(Self.waitUntilBlockedWriting(first), "the first run never waited for its reader")
        #expect(loadPage(source, queue: source.queue, offset: 0, limit: 200, time: time).result?.lines?.first == "1")
        let deadline = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: "/proc/\(first)"), Date() < deadline { usleep(10_000) }
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(first)"), "the replaced run's shell \(first) was not reaped")
    }

    /// Whether `pid` came to wait to write into a full pipe and wrote nothing more for 50 ms
    /// (nobody reads its output), within 10 s.
    static func waitUntilBlockedWriting(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        var written: Substring?
        while Date() < deadline {
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
            let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
            let now = io.split(separator: "\n").first { $0.hasPrefix("wchar:") }
            if wchan.contains("pipe_write"), now != nil, now == written { return true }
            written = now
            usleep(50_000)
        }
        return false
    }

    /// A command whose shell starts a child that sleeps for 30 s and waits for it; both write
    /// their process ids (files `shell` and `child`) into a new folder, which the caller removes.
    static func shellWithAChild(timeout: Double) throws -> (CommandSource, directory: String) {
        let directory = NSTemporaryDirectory() + "pullfeed-group-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = CommandSource(command: "cd \(directory); sleep 30 & echo $! > child; echo $$ > shell; wait",
                                   paged: false, timeout: timeout)
        return (source, directory)
    }

    /// The process id a command wrote to `path`, nil if it never wrote one.
    static func pid(in path: String) -> Int32? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether every process in `pids` has ended (gone from /proc, or a zombie nobody reaped
    /// yet) within a few seconds; checked in /proc, never by sleeping a guessed time.
    static func waitUntilGone(_ pids: [Int32]) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        func running(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(close, offsetBy: 2)] != "Z"
        }
        while pids.contains(where: running) {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    @Test func pagedCommandsSeeTheirPageAndAShortPageEndsIt() {
        let source = CommandSource(
            command: "i=0; while [ $i -lt $PULLFEED_LIMIT ] && [ $((PULLFEED_OFFSET+i)) -lt 25 ]; do echo \"p$PULLFEED_PAGE-$((PULLFEED_OFFSET+i))\"; i=$((i+1)); done",
            paged: true, timeout: 5)
        let first = loadPage(source, queue: source.queue, offset: 0, limit: 10, time: time)
        #expect(first.result?.lines?.first == "p0-0")
        #expect(first.result?.hasMore == true)
        let last = loadPage(source, queue: source.queue, offset: 20, limit: 10, time: time)
        #expect(last.result?.lines == (20..<25).map { "p2-\($0)" })
        #expect(last.result?.hasMore == false)
    }

    @Test func cancellingKillsTheWholeProcessGroup() throws {
        let (source, directory) = try Self.shellWithAChild(timeout: 60)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let subscription = source.load(PageRequest.refresh(limit: 10), on: time.scheduler).sink { _ in }
        // Cancel only once the command and its child run (the files say so): a cancel that
        // lands before the spawn would test nothing.
        let deadline = Date().addingTimeInterval(10)
        while Self.pid(in: directory + "/child") == nil || Self.pid(in: directory + "/shell") == nil {
            try #require(Date() < deadline, "the command never started")
            usleep(10_000)
        }
        let pids = [Self.pid(in: directory + "/shell")!, Self.pid(in: directory + "/child")!]
        subscription.cancel()
        #expect(Self.waitUntilGone(pids), "the process group outlived the cancel: \(pids)")
    }
}

/// A counted file's lines read in bulk (search and filter walk them so) are the lines shown.
@Suite struct IndexedLinesTests {
    let time = VirtualTime()

    @Test func bulkTextsAreTheLinesShown() throws {
        var text = ""
        for i in 0..<3_000 {
            switch i % 7 {
            case 0: text += "crlf line \(i)\r\n"
            case 1: text += "\n"
            case 2: text += String(repeating: "long \(i) ", count: 40) + "\n"
            case 3: text += "中文 \(i) 🎉\n"
            default: text += "line \(i)\n"
            }
        }
        text += "no final newline"
        let path = temporaryFile(Array(text.utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let first = loadPage(source, queue: source.queue, offset: 0, limit: 5_000, time: time)
        let lines = try #require(first.result?.page?.lines)
        try #require(lines.count == 3_001)
        for range in [0..<3_001, 5..<6, 1_000..<2_999, 2_990..<3_001] {
            var seen: [Int] = []
            lines.forEachLineText(in: range) { i, bytes in
                #expect(String(decoding: bytes, as: UTF8.self) == lines[i], "line \(i)")
                seen.append(i)
                return true
            }
            #expect(seen == Array(range))
        }
    }
}
