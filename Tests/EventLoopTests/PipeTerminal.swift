import Foundation
@testable import EventLoop
import TerminalText
import TerminalUI

/// A `TerminalBackend` whose input is a pipe the test writes to and whose screen is a
/// `MemoryScreen`: drives `MainLoop` without a terminal.
final class PipeTerminal: TerminalBackend {
    let screen: MemoryScreen
    let inputFD: Int32
    let writeFD: Int32
    private var decoder: InputDecoder
    private(set) var isInputClosed = false
    private(set) var presentCount = 0

    init(columns: Int = 20, rows: Int = 5, decoder: InputDecoder = InputDecoder()) {
        self.decoder = decoder
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        inputFD = fds[0]
        writeFD = fds[1]
        screen = MemoryScreen(columns: columns, rows: rows)
    }

    deinit {
        close(inputFD)
        if writeFD >= 0 { close(writeFD) }
    }

    func send(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
            precondition(n > 0)
            rest = rest.dropFirst(n)
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    var size: Size { screen.size }
    func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        screen.draw(text, row: row, column: column, style: style, maxWidth: maxWidth)
    }
    func fill(row: Int, column: Int, width: Int, style: Style) { screen.fill(row: row, column: column, width: width, style: style) }
    func clear() { screen.clear() }

    func readInput() -> [InputEvent] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = read(inputFD, &buffer, buffer.count)
        if n == 0 { isInputClosed = true }
        return n > 0 ? decoder.feed(buffer[0..<n]) : []
    }
    var pendingInputTimeoutNanoseconds: UInt64? { decoder.pendingTimeoutNanoseconds }
    func flushPendingInput() -> [InputEvent] { decoder.flushPending() }
    func handleResize() -> Size { screen.size }
    func present() { presentCount += 1 }
}
