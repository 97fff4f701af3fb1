import CTerminalGuard
import TerminalUI

/// Writes all of `text` to `fd` (retrying after signals), bypassing any buffering: for the
/// terminal's raw mode sequences, the chosen line on stdout and one-line errors on stderr.
/// Returns false if the descriptor is closed or a write fails.
@discardableResult
public func writeAll(_ fd: Int32, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { pf_write_all(fd, $0.baseAddress, $0.count) == 0 }
    }
}

/// Writes all of `bytes` to `fd`, as `writeAll(_:_:)` writes a text: for output that must be
/// exactly the bytes read (a chosen line with invalid UTF-8 in it).
@discardableResult
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { pf_write_all(fd, $0.baseAddress, $0.count) == 0 }
    }
}
