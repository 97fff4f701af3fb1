import Dispatch
import Foundation
import Locking
import Testing
@testable import PullFeed

/// The stream reader's read-ahead: End makes it read on to the end of the input; leaving the
/// end makes it stop again a read-ahead past where it was, so a fast producer is not drained
/// into memory.
@Suite struct StreamStoreTests {
    /// A producer that writes `y\n` as fast as the pipe takes it (up to 256 MiB), until told to stop.
    final class Producer: @unchecked Sendable {
        let readFD: Int32
        private let writeFD: Int32
        private let stopped = Locked(false)
        private let done = DispatchSemaphore(value: 0)

        /// Writes into a pipe of its own, read from `readFD`.
        convenience init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            self.init(readFD: fds[0], writeFD: fds[1])
        }

        /// Writes into the FIFO at `path` (opening it waits for its reader).
        convenience init(fifo path: String) {
            self.init(readFD: -1, writeFD: open(path, O_WRONLY | O_CLOEXEC))
        }

        private init(readFD: Int32, writeFD: Int32) {
            self.readFD = readFD
            self.writeFD = writeFD
            _ = fcntl(writeFD, F_SETFL, fcntl(writeFD, F_GETFL) | O_NONBLOCK)
            DispatchQueue(label: "producer").async { [self] in
                let chunk = [UInt8](repeating: 0, count: 64 * 1024).enumerated().map { $0.offset % 2 == 0 ? UInt8(ascii: "y") : 10 }
                var written = 0
                while written < 256 << 20, !stopped.withLock({ $0 }) {
                    let n = chunk.withUnsafeBytes { write(writeFD, $0.baseAddress!, $0.count) }
                    if n > 0 { written += n } else { usleep(1_000) }
                }
                close(writeFD)
                done.signal()
            }
        }

        func stop() {
            stopped.withLock { $0 = true }
            done.wait()
        }
    }

    /// Polls `state` until `ready` holds (a thread's progress, not a time), for at most 10 s.
    func eventually(_ store: StreamStore, _ ready: (StreamStore.State) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if store.state.withLock({ ready($0) }) { return true }
            usleep(5_000)
        }
        return false
    }

    /// A FIFO given as `--file` is read as a stream: leaving its end stops reading on too.
    @Test func aFifoStopsReadingOnWhenTheUserLeavesItsEnd() throws {
        let path = NSTemporaryDirectory() + "pullfeed-fifo-\(UUID().uuidString)"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let source = FileSource(path: path)
        let store = try #require(source.stream)
        let producer = Producer(fifo: path)
        defer { producer.stop() }
        let rest = PageRequest.rest(offset: 0, limit: 10)
        _ = try store.page(rest, token: CancellationToken())
        #expect(store.state.withLock { $0.readsToEnd })
        source.stopReadingRest()
        #expect(!store.state.withLock { $0.readsToEnd })
    }

    /// An input that has ended hands out every line it kept, whatever a page asks for, so that
    /// its count is exact (`seq 1000` is 1000 lines, not a first page of 200 and more to come).
    @Test func anInputThatEndedHandsOutEveryLine() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = Array((1...1000).map { "\($0)\n" }.joined().utf8)
        #expect(text.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) } == text.count)
        close(fds[1])
        let store = StreamStore(fd: fds[0], closesFD: true) {}
        defer { store.stop() }
        #expect(eventually(store) { $0.isClosed })
        let first = try store.page(PageRequest.refresh(limit: 200), token: CancellationToken())
        #expect(first.lines.count == 1000 && !first.hasMore && !first.isOpen)
        let next = try store.page(PageRequest.next(offset: 10, limit: 5), token: CancellationToken())
        #expect(next.lines.count == 990 && next.lines[0] == "11" && !next.hasMore)
    }

    @Test func leavingTheEndStopsReadingAReadAheadLater() throws {
        let producer = Producer()
        let store = StreamStore(fd: producer.readFD, closesFD: true) {}
        defer {
            producer.stop()
            store.stop()
        }
        let rest = PageRequest.rest(offset: 0, limit: 10)
        _ = try store.page(rest, token: CancellationToken())
        // End: the reader reads on, far past any read-ahead.
        #expect(eventually(store) { $0.bytesRead > 8 * StreamStore.readAhead })
        store.stopReadingRest()
        let stoppedAt = store.state.withLock { $0.bytesRead }
        // The reader now holds a read-ahead (and at most one read) past where it was.
        let holds = eventually(store) { s in
            !s.readsToEnd && s.aheadFrom.map { s.bytesRead - $0 >= StreamStore.readAhead } == true
        }
        #expect(holds, "the reader did not stop reading")
        let read = store.state.withLock { $0.bytesRead } - stoppedAt
        #expect(read <= StreamStore.readAhead + StreamStore.readSize, "read \(read) bytes after leaving the end")
    }
}
