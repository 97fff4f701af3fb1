@testable import TerminalUI

extension ScreenWriter {
    /// The bytes collected since the last call.
    mutating func takeOutput() -> [UInt8] {
        var taken: [UInt8] = []
        sendOutput { taken = Array($0) }
        return taken
    }
}
