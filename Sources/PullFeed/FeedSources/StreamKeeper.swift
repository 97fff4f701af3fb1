import TerminalUI

/// What a stream's reader thread does with the bytes it reads: it splits them into lines and
/// keeps them in the store's list, in memory up to the memory budget, then in spill files
/// (`StreamSpill`); a line not ended yet waits in memory (or, once spilling, on disk). If no
/// spill file can be made, or the disk cannot take more even after dropping the oldest lines,
/// lines stay in memory, and the user is told once (`StreamNotice`).
///
/// Confined to the reader thread.
final class StreamKeeper {
    private let state: Guarded<StreamStore.State>
    private let settings: SpillSettings
    /// The start of a line not ended yet (in memory).
    private var pending: [UInt8] = []
    /// How much of `pending` was looked at for a newline already.
    private var scanned = 0
    /// Bytes of lines kept in memory.
    private var memoryBytes = 0
    private var spill: StreamSpill?
    /// Whether spilling was tried (it is tried once, when the budget is spent).
    private var spillTried = false

    init(state: Guarded<StreamStore.State>, settings: SpillSettings) {
        self.state = state
        self.settings = settings
    }

    /// Whether lines go to disk now.
    var isSpilling: Bool { spill != nil }

    /// Keeps `bytes`, read next.
    func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        if spill == nil, !spillTried, memoryBytes + pending.count + bytes.count > settings.memoryBudget {
            spillTried = true
            startSpill()
        }
        if let spill {
            let written = spill.write(bytes)
            state.withLock { s in
                s.bytesRead += bytes.count
                if spill.droppedForSpace {
                    spill.droppedForSpace = false
                    s.notice = .diskFull(directory: settings.directory)
                }
            }
            guard written < bytes.count else { return }
            // The disk takes nothing more: go on in memory from the line being written.
            self.spill = nil
            pending = spill.unfinishedLine()
            scanned = 0
            state.withLock { $0.notice = .spillUnavailable(directory: settings.directory) }
            keepInMemory(UnsafeBufferPointer(rebasing: bytes[written...]))
            return
        }
        state.withLock { $0.bytesRead += bytes.count }
        keepInMemory(bytes)
    }

    /// The input ended: a last line without a newline is kept as it is.
    func finish() {
        if let spill {
            if spill.finish() { return }
            pending = spill.unfinishedLine()
            self.spill = nil
        }
        guard !pending.isEmpty else { return }
        state.withLock { s in
            pending.withUnsafeBufferPointer { buffer in s.lines.appendRawLines { $0(buffer) } }
        }
        pending = []
    }

    private func keepInMemory(_ bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        var consumed = 0
        state.withLock { s in
            pending.withUnsafeBufferPointer { buffer in
                guard let first = LineScan.newline(in: buffer, from: scanned) else { return }
                var start = 0
                var next: Int? = first
                s.lines.appendRawLines { add in
                    while let newline = next {
                        add(UnsafeBufferPointer(rebasing: buffer[start...newline]))
                        start = newline + 1
                        next = LineScan.newline(in: buffer, from: start)
                    }
                }
                consumed = start
            }
        }
        memoryBytes += consumed
        if consumed > 0 { pending.removeFirst(consumed) }
        // The next read scans only what it adds to a long unfinished line.
        scanned = pending.count
    }

    /// Opens the first spill file and moves the line not ended yet into it; if no file can be
    /// made, says so once.
    private func startSpill() {
        let state = state
        do throws(SourceError) {
            let spill = try StreamSpill(
                settings: settings, firstLine: state.withLock { $0.lines.count }, bytesBefore: memoryBytes,
                append: { index, lines in state.withLock { $0.lines.appendIndexed(index, lines: lines) } },
                drop: { line in
                    state.withLock { s in
                        s.lines.forgetLines(before: line)
                        s.dropped = max(s.dropped, line)
                    }
                })
            let moved = pending.withUnsafeBufferPointer { spill.write($0) }
            guard moved == pending.count else {
                state.withLock { $0.notice = .spillUnavailable(directory: settings.directory) }
                return
            }
            pending = []
            scanned = 0
            self.spill = spill
        } catch {
            state.withLock { $0.notice = .spillUnavailable(directory: settings.directory) }
        }
    }
}
