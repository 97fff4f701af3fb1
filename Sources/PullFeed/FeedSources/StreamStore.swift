import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// Input that can be read only once and may be slow or never end (standard input, a FIFO, a
/// command's stdout). A reader thread reads it as it comes and keeps every line read (in raw
/// pieces, see `LineList`), so that a page can be served again and a refresh shows them all.
///
/// Lines are offered as soon as the input pauses, not only in full pages: a request waits
/// until it has its lines, the input ends, or the reader has read everything written so far
/// (`isIdle`); `onChange` tells the owner whenever lines arrive or the input ends, so that it
/// can append them without a request. The reader reads ahead of the lines asked for by at most
/// `readAhead` bytes, so a fast producer (`cat` of a huge file) is not drained into memory
/// unless the user asks for its end.
///
/// Lines are kept in memory up to `SpillSettings.memoryBudget` bytes; the rest go to unlinked
/// files (`StreamSpill`) indexed as a regular file is, so memory stays bounded however long
/// the stream runs. Past `--max-disk` (or on a full disk) the oldest lines are dropped: line
/// numbers here count from the stream's first line, dropped or not (`State.dropped`), and a
/// request says how many its asker knew were dropped (`PageRequest.dropped`), so that its
/// offset means the same line however many were dropped since.
final class StreamStore: @unchecked Sendable {
    struct State {
        var lines = LineList()
        /// The input ended (end of file, or a read error).
        var isClosed = false
        /// The reader has read everything written so far and waits for the writer.
        var isIdle = false
        /// Why reading stopped, if it failed.
        var failure: SourceError?
        /// Lines that requests asked for.
        var demand = 0
        /// Lines handed out so far (a refresh hands out at least as many again).
        var delivered = 0
        /// Bytes read so far, and where reading was when it reached `demand`.
        var bytesRead = 0
        var aheadFrom: Int?
        /// The reader must stop (the owner is gone, or a command is replaced).
        var isStopped = false
        /// End asked for the rest: read on to the end of the input, not only as far as asked.
        var readsToEnd = false
        /// The writer was killed: read what is left to the end whatever was asked, so that the
        /// end is seen (a reader holding at its read-ahead would never see it).
        var drainsToEnd = false
        /// When the reader began to hold (it waits to be asked for more), while it holds; and
        /// how long it held before, in nanoseconds.
        var heldSince: UInt64?
        var heldBefore: UInt64 = 0
        /// Lines dropped from the front (they stay in `lines`, read as empty, and are never
        /// handed out).
        var dropped = 0
        /// Something to tell the user once, with the next page handed out.
        var notice: StreamNotice?
    }

    /// Bytes read from the input at a time.
    static let readSize = 64 * 1024
    /// Bytes the reader reads past the lines asked for without being asked.
    static let readAhead = 1 << 20
    /// How long lines that arrive without a pause may wait before the owner is told.
    static let notifyInterval: UInt64 = 50_000_000

    let state = Guarded(State())
    private var fd: Int32
    /// Opened by the reader thread (a FIFO's open waits for its writer), when given.
    private let path: String?
    private let closesFD: Bool
    /// Called on the reader thread when lines arrived or the input ended.
    private let onChange: @Sendable () -> Void
    /// Called on the reader thread once the input ended, before the last change is told.
    private let onClose: @Sendable () -> Void
    /// Written to by `stop()`, so a reader waiting for input wakes up.
    private let stopPipe: StopPipe
    private let spillSettings: SpillSettings

    /// Starts reading `fd` on a thread of its own. `closesFD`: the store owns the descriptor.
    init(fd: Int32, closesFD: Bool = false, spill: SpillSettings = .fromEnvironment(), onClose: @escaping @Sendable () -> Void = {},
         onChange: @escaping @Sendable () -> Void) {
        self.fd = fd
        path = nil
        self.closesFD = closesFD
        self.onChange = onChange
        self.onClose = onClose
        spillSettings = spill
        stopPipe = StopPipe()
        DispatchQueue(label: "pullfeed.stream-reader").async { [self] in run() }
    }

    /// Opens `path` (a FIFO, or anything else read once) on the reader thread and reads it:
    /// while a FIFO has no writer, requests see an open input with no lines yet.
    init(path: String, spill: SpillSettings = .fromEnvironment(), onChange: @escaping @Sendable () -> Void) {
        fd = -1
        self.path = path
        closesFD = true
        self.onChange = onChange
        onClose = {}
        spillSettings = spill
        stopPipe = StopPipe()
        DispatchQueue(label: "pullfeed.stream-reader").async { [self] in run() }
    }

    /// Stops reading at the next chance (the descriptor is closed then if the store owns it).
    func stop() {
        state.withLock { $0.isStopped = true }
        stopPipe.signal()
    }

    /// The lines of `request`. A normal request waits until it has them, the input ended or
    /// paused; a catch-up request (lines that arrived without one) returns at once and does not
    /// ask the reader for more. With `whole`, a first page waits for the end of the input
    /// instead of a pause (or, for input larger than the reader reads ahead, for the lines asked
    /// for, with more to come: as many as a first page would). Once the input has ended, a page
    /// holds every line from its first on.
    func page(_ request: PageRequest, token: CancellationToken, whole: Bool = false) throws(SourceError) -> Page {
        var catchesUp = false
        var fromTop = false
        switch request {
        case .catchUp: catchesUp = true
        case .refresh: fromTop = true
        case .next, .rest, .tail: fromTop = request.offset == 0
        }
        let whole = whole && fromTop
        if !catchesUp { ask(for: request, token: token) }
        let result: Result<Page, SourceError> = state.wait(until: { s in
            if catchesUp || token.isCancelled || s.isClosed { return true }
            return whole ? Self.holdsAtReadAhead(s) : s.isIdle || s.lines.count >= Self.first(of: request, in: s) + request.limit
        }) { s in
            if token.isCancelled { return .failure(SourceError("cancelled")) }
            let first = Self.first(of: request, in: s)
            let want = first + request.limit
            // An input that ended hands out every line it kept, as a file every line counted:
            // what is shown then counts them all.
            let end = s.isClosed ? s.lines.count : fromTop ? max(want, s.delivered) : want
            let last = min(end, s.lines.count)
            s.delivered = max(s.delivered, last)
            if let failure = s.failure, last <= first, !catchesUp { return .failure(failure) }
            let lines = first < last ? s.lines.slice(first..<last) : LineList()
            let open = !s.isClosed && (whole || !s.isIdle)
            var page = Page(lines: lines, hasMore: s.lines.count > last || open)
            page.isOpen = !s.isClosed && !Self.holdsAtReadAhead(s)
            page.dropped = s.dropped
            page.notice = s.notice
            s.notice = nil
            return .success(page)
        }
        return try result.get()
    }

    /// The stream's line number of `request`'s first line: its offset past the lines its asker
    /// knew were dropped, or the first line kept.
    private static func first(of request: PageRequest, in s: State) -> Int {
        max(request.offset + request.dropped, s.dropped)
    }

    /// Waits until the input gave its first bytes of a line, ended, or `token` is cancelled,
    /// asking the reader for `request`'s lines meanwhile (so that a first line longer than the
    /// read-ahead is read to its end).
    func waitForOutput(_ request: PageRequest, token: CancellationToken) {
        ask(for: request, token: token)
        state.wait(until: { s in token.isCancelled || s.isClosed || s.lines.count > 0 }) { _ in }
    }

    /// Waits until the input ended, the reader holds, `token` is cancelled, or the input paused
    /// for `seconds` (everything written was read, and nothing more came in that time, while
    /// `isWorking` says the writer is not at work): a refresh of a run that may never end
    /// (`tail -f`) is judged then, one that ends on its end. A writer that is at work but
    /// writes nothing for a while (a loaded machine gives it no core) has not paused.
    func waitForEndOrPause(of seconds: Double, token: CancellationToken, isWorking: () -> Bool = { false }) {
        token.onCancel { [state] in state.wakeAll() }
        let over = { (s: State) in token.isCancelled || s.isClosed || Self.holdsAtReadAhead(s) }
        while true {
            let mark: Int? = state.wait(until: { over($0) || $0.isIdle }) { s in over(s) ? nil : s.bytesRead }
            guard let mark else { return }
            if !state.wait(until: { over($0) || $0.bytesRead != mark }, atMost: seconds), !isWorking() { return }
        }
    }

    /// The writer is gone (its process was killed): reads on to the end of the input, so that
    /// the end is told and the owner's `onClose` runs (a command's shell is reaped there).
    func drainToEnd() {
        state.withLock { $0.drainsToEnd = true }
    }

    /// Stops reading on to the end of the input (End asked for it, and the user moved away):
    /// the reader reads ahead as far as before End, then waits to be asked.
    func stopReadingRest() {
        state.withLock { s in
            guard s.readsToEnd else { return }
            s.readsToEnd = false
            s.demand = min(s.demand, s.lines.count)
            s.aheadFrom = s.bytesRead
        }
    }

    /// Raises the reader's demand to `request`'s last line.
    private func ask(for request: PageRequest, token: CancellationToken) {
        let want = request.offset + request.dropped + request.limit
        token.onCancel { [state] in state.wakeAll() }
        state.withLock { s in
            if s.demand < want {
                s.demand = want
                s.aheadFrom = nil
            }
            if case .rest = request { s.readsToEnd = true }
        }
    }

    /// Whether the reader holds now (see `holdsAtReadAhead`).
    var isHolding: Bool { state.withLock { Self.holdsAtReadAhead($0) } }

    /// How long, in seconds, the reader has held in all (the input waited for the user).
    var secondsHeld: Double {
        state.withLock { s in
            let now = DispatchTime.now().uptimeNanoseconds
            return Double(s.heldBefore + (s.heldSince.map { now - $0 } ?? 0)) / 1e9
        }
    }

    /// Whether the reader waits to be asked for more: it has what was asked and read as far
    /// past it as it reads ahead.
    private static func holdsAtReadAhead(_ s: State) -> Bool {
        guard !s.readsToEnd, !s.drainsToEnd, !s.isClosed, s.lines.count >= s.demand, let aheadFrom = s.aheadFrom else { return false }
        return s.bytesRead - aheadFrom >= readAhead
    }

    // MARK: The reader thread

    private func run() {
        let keeper = StreamKeeper(state: state, settings: spillSettings)
        var chunk = [UInt8](repeating: 0, count: Self.readSize)
        var lastNotice: UInt64 = 0
        if let path {
            state.withLock { $0.isIdle = true }
            onChange()
            fd = open(path, O_RDONLY | O_CLOEXEC)
            state.withLock { $0.isIdle = false }
            if fd < 0 {
                let failure = SourceError("cannot open '\(path)': \(String(cString: strerror(errno)))")
                state.withLock { s in
                    s.failure = failure
                    s.isClosed = true
                }
                onChange()
                return
            }
        }
        defer { if closesFD { close(fd) } }
        var toldHold = false
        while true {
            // Holding is told once (a page then says the input is not open: nothing comes
            // unasked); reading again is told with the lines it brings.
            let holds = state.withLock { s in
                let holds = Self.holdsAtReadAhead(s)
                if holds, s.heldSince == nil { s.heldSince = DispatchTime.now().uptimeNanoseconds }
                return holds
            }
            if holds, !toldHold { onChange() }
            toldHold = holds
            let go = state.wait(until: { s in
                s.isStopped || s.readsToEnd || s.drainsToEnd || s.lines.count < s.demand || s.bytesRead - (s.aheadFrom ?? s.bytesRead) < Self.readAhead
            }) { s -> Bool in
                if s.aheadFrom == nil, s.lines.count >= s.demand { s.aheadFrom = s.bytesRead }
                if let since = s.heldSince {
                    s.heldBefore += DispatchTime.now().uptimeNanoseconds - since
                    s.heldSince = nil
                }
                return !s.isStopped
            }
            guard go else { return }
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&probe, 1, 0) == 0 {
                // Everything written so far is read: offer it now.
                state.withLock { $0.isIdle = true }
                onChange()
                lastNotice = DispatchTime.now().uptimeNanoseconds
                var fds = [probe, pollfd(fd: stopPipe.readFD, events: Int16(POLLIN), revents: 0)]
                while fds[0].revents == 0 {
                    if state.withLock({ $0.isStopped }) { return }
                    fds[1].revents = 0
                    _ = poll(&fds, 2, -1)
                }
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            if n <= 0 {
                let failure = n < 0 ? SourceError("read failed: \(String(cString: strerror(errno)))") : nil
                // A stream that ends mid-line: its last line is what came.
                keeper.finish()
                state.withLock { $0.failure = failure }
                onClose()
                state.withLock { s in
                    s.isClosed = true
                    s.isIdle = true
                }
                onChange()
                return
            }
            state.withLock { $0.isIdle = false }
            chunk.withUnsafeBufferPointer { keeper.take(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            let now = DispatchTime.now().uptimeNanoseconds
            if now - lastNotice >= Self.notifyInterval {
                lastNotice = now
                onChange()
            }
        }
    }
}
