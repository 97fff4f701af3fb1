import Dispatch
import Foundation
import Locking
import OpenCombineDispatch
import Testing
@testable import PullFeed

/// Real preview commands: output in lines, stdin from /dev/null, a failure's status and
/// stderr, the output limits, and a stop that kills the process group.
@Suite struct PreviewRunnerTests {
    /// Runs `command` to its end (or `stopAfter` seconds, then stops it); the events delivered.
    static func run(_ command: String, stopAfter: Double? = nil) -> [PreviewModel.Event] {
        let queue = DispatchQueue(label: "preview-test")
        let runner = ProcessPreviewRunner(scheduler: queue.ocombine.eraseToLoopScheduler())
        let events = Locked<[PreviewModel.Event]>([])
        let ended = DispatchSemaphore(value: 0)
        let stop = runner.start(command, run: 7, environment: ["PREVIEW_TEST": "yes"]) { event in
            events.withLock { $0.append(event) }
            if case .ended = event { ended.signal() }
        }
        if let stopAfter {
            _ = ended.wait(timeout: .now() + stopAfter)
            stop()
            queue.sync {}
            return events.withLock { $0 }
        }
        #expect(ended.wait(timeout: .now() + 20) == .success, "\(command) did not end")
        return events.withLock { $0 }
    }

    static func lines(_ events: [PreviewModel.Event]) -> [String] {
        events.flatMap { event -> [String] in if case .output(_, let lines) = event { lines } else { [] } }
    }

    @Test func linesArriveAndTheRunEnds() {
        let events = Self.run("printf 'one\\r\\ntwo\\n'; echo $PREVIEW_TEST; printf 'no end'")
        #expect(Self.lines(events) == ["one", "two", "yes", "no end"])
        #expect(events.last == .ended(run: 7, status: 0, message: nil, cut: false))
    }

    @Test func stdinIsDevNull() {
        let events = Self.run("wc -c; cat; echo done")
        #expect(Self.lines(events).map { $0.trimmingCharacters(in: .whitespaces) } == ["0", "done"])
    }

    @Test func aFailureTellsItsStatusAndFirstStderrLine() {
        let events = Self.run("echo out; echo '' >&2; echo first >&2; echo second >&2; exit 3")
        #expect(events.last == .ended(run: 7, status: 3, message: "first", cut: false))
    }

    @Test func endlessOutputIsCutAtTheLineLimit() {
        let events = Self.run("yes")
        #expect(Self.lines(events).count == PreviewModel.maxLines)
        #expect(events.last.map { if case .ended(_, _, _, true) = $0 { true } else { false } } == true)
    }

    @Test func aLongLineIsCutAndTheBytesAreBounded() {
        let events = Self.run("head -c 10000000 /dev/zero | tr '\\0' x; echo; head -c 10000000 /dev/zero | tr '\\0' '\\n'")
        let lines = Self.lines(events)
        #expect(lines.first?.utf8.count == ProcessPreviewRunner.maxLineBytes)
        #expect(lines.count <= PreviewModel.maxLines)
        #expect(lines.reduce(0) { $0 + $1.utf8.count + 1 } <= ProcessPreviewRunner.maxBytes + ProcessPreviewRunner.maxLineBytes)
    }

    @Test func stoppingKillsTheWholeGroupAndDeliversNothingMore() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let events = Self.run("sleep 30 & echo $! > \(file); echo started; wait", stopAfter: 1)
        #expect(!events.contains { if case .ended = $0 { true } else { false } }, "a stopped run ends silently")
        let pid = try #require(Int32((try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        var alive = true
        for _ in 0..<100 where alive {
            alive = kill(pid, 0) == 0 && !((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") ?? true)
            if alive { usleep(20_000) }
        }
        #expect(!alive, "the grandchild was killed with its group")
    }
}

/// Lines split from chunks however the bytes are cut, within the limits.
@Suite struct LineSplitterTests {
    static func split(_ chunks: [String]) -> (lines: [String], full: Bool) {
        var splitter = LineSplitter()
        var lines: [String] = []
        for chunk in chunks {
            lines += Array(chunk.utf8).withUnsafeBufferPointer { splitter.add($0) }
        }
        if let last = splitter.finish() { lines.append(last) }
        return (lines, splitter.isFull)
    }

    @Test(arguments: [
        (["a\nb\n"], ["a", "b"]),
        (["a", "b\nc", "\n"], ["ab", "c"]),
        (["one\r\ntwo\r", "\n"], ["one", "two"]),
        (["\n\n"], ["", ""]),
        (["no end"], ["no end"]),
        (["中", "文\n😀"], ["中文", "😀"]),
    ])
    func splits(_ chunks: [String], _ expected: [String]) {
        #expect(Self.split(chunks).lines == expected)
    }

    @Test func aLongLineKeepsItsFirstBytesAndTheLineCountStopsIt() {
        let long = String(repeating: "x", count: ProcessPreviewRunner.maxLineBytes * 3)
        #expect(Self.split([long, "\nshort\n"]).lines.map(\.utf8.count) == [ProcessPreviewRunner.maxLineBytes, 5])
        let many = Self.split([String(repeating: "l\n", count: PreviewModel.maxLines + 50)])
        #expect(many.lines.count == PreviewModel.maxLines)
        #expect(many.full)
    }
}

extension LineSplitterTests {
    @Test(arguments: [
        (["\u{1B}[31mred\nstill red\u{1B}[0m\nplain\n"], ["\u{1B}[31mred", "\u{1B}[31mstill red\u{1B}[0m", "plain"]),
        (["\u{1B}[1m\u{1B}[32mbold green\n\u{1B}[mx\ny\n"], ["\u{1B}[1m\u{1B}[32mbold green", "\u{1B}[1m\u{1B}[32m\u{1B}[mx", "y"]),
        (["\u{1B}[1ma\n\u{1B}[0;34mb\nc\n"], ["\u{1B}[1ma", "\u{1B}[1m\u{1B}[0;34mb", "\u{1B}[0;34mc"]),
        (["\u{1B}[2Jnot sgr\nx\n"], ["\u{1B}[2Jnot sgr", "x"]),
    ])
    func coloursCarryAcrossLineEnds(_ chunks: [String], _ expected: [String]) {
        #expect(Self.split(chunks).lines == expected)
    }
}

extension LineSplitterTests {
    @Test func whatIsCarriedStaysSmall() {
        let huge = "\u{1B}[" + String(repeating: "1;", count: 2000) + "1m"
        let many = (30...45).map { "\u{1B}[\($0)m" }.joined()
        let lines = Self.split([huge + "a\nb\n" + many + "c\nd\n"]).lines
        #expect(lines[1] == "b", "a long sequence is not carried")
        #expect(lines[3] == (38...45).map { "\u{1B}[\($0)m" }.joined() + "d", "the last \(LineSplitter.maxCarried) are")
    }
}

extension LineSplitterTests {
    /// Output that never ends a line (`cat /dev/zero`) reaches the limit on bytes read, so its
    /// command is stopped, though each line keeps only its first bytes.
    @Test func aLineWithoutEndReachesTheLimitOnBytesRead() {
        var splitter = LineSplitter()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var reads = 0
        while !splitter.isFull, reads < 1_000 {
            _ = chunk.withUnsafeBufferPointer { splitter.add($0) }
            reads += 1
        }
        #expect(splitter.isFull)
        #expect(reads == ProcessPreviewRunner.maxBytes / chunk.count)
    }
}
