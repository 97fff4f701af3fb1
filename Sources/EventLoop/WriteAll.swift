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
