/// The last-updated store's file read as the store writes it: one JSON object of names to
/// numbers, without spaces, `{"05aa1874389ae97b":1795856538.33,…}`.
///
/// `JSONDecoder` costs the start-up 0.3 ms the first time it runs (its code and types set up),
/// for a file of a few entries. This reads that shape only: names without escapes or control
/// characters, each once, and numbers as JSON writes them; for anything else it says nothing
/// (nil), and the decoder reads the file, so what the store makes of a file does not change.
enum LastUpdatedFile {
    /// The names and numbers of `bytes`, or nil when they are not in the store's plain shape.
    static func plainEntries(_ bytes: [UInt8]) -> [String: Double]? {
        var entries: [String: Double] = [:]
        var index = 0
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard take(UInt8(ascii: "{")) else { return nil }
        if take(UInt8(ascii: "}")) { return index == bytes.count ? entries : nil }
        repeat {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 { return nil }
                index += 1
            }
            guard let name = String(validating: bytes[nameStart..<index], as: UTF8.self),
                  take(UInt8(ascii: "\"")), take(UInt8(ascii: ":")),
                  let value = number(in: bytes, at: &index),
                  entries.updateValue(value, forKey: name) == nil else { return nil }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) && index == bytes.count ? entries : nil
    }

    /// The JSON number at `index` (`-`, an integer part without leading zeros, a fraction, an
    /// exponent), moving past it; nil when there is none or it is not finite.
    private static func number(in bytes: [UInt8], at index: inout Int) -> Double? {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
