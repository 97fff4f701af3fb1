/// The last-updated file's format: one JSON object from names to numbers, as
/// `{"0123456789abcdef":1732500000.25,...}`, its names sorted.
///
/// The store is read and written at every start, and Foundation's JSON coders cost ~0.6 MB of
/// resident memory there (their generic code is touched for one small dictionary), so this
/// reads and writes just that shape. It accepts any JSON text of it (white space, every string
/// escape, exponents), which includes what `JSONEncoder` wrote in older versions, and rejects
/// everything else as a whole.
enum LastUpdatedJSON {
    /// The object for `entries`, names sorted, numbers in their shortest exact form.
    static func encode(_ entries: [String: Double]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            appendString(name, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: (value.isFinite ? value.description : "0").utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The entries of `bytes`, or nil when they are not one JSON object of numbers (a name
    /// given twice keeps its last value, as `JSONDecoder` does).
    static func decode(_ bytes: [UInt8]) -> [String: Double]? {
        var reader = Reader(bytes: bytes)
        return reader.object()
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xf)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A cursor over the bytes of one JSON text.
    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func object() -> [String: Double]? {
            guard symbol("{") else { return nil }
            var entries: [String: Double] = [:]
            if !symbol("}") {
                repeat {
                    skipSpace()
                    guard let name = string(), symbol(":") else { return nil }
                    skipSpace()
                    guard let value = number() else { return nil }
                    entries[name] = value
                } while symbol(",")
                guard symbol("}") else { return nil }
            }
            skipSpace()
            return at == bytes.count ? entries : nil
        }

        /// Takes `character` after any white space.
        mutating func symbol(_ character: Unicode.Scalar) -> Bool {
            skipSpace()
            return take(UInt8(ascii: character))
        }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
                at += 1
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A number by JSON's grammar: an optional minus, an integer part without leading
        /// zeros, an optional fraction and an optional exponent.
        mutating func number() -> Double? {
            let start = at
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // no more digits may follow a leading zero
            } else if digits() == 0 {
                return nil
            }
            if take(UInt8(ascii: ".")), digits() == 0 { return nil }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                if digits() == 0 { return nil }
            }
            let value = Double(String(decoding: bytes[start..<at], as: UTF8.self))
            return value.flatMap { $0.isFinite ? $0 : nil }
        }

        mutating func digits() -> Int {
            let start = at
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            return at - start
        }

        /// A string with every JSON escape; a control character, a lone surrogate or bytes that
        /// are not UTF-8 make the text invalid.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var text: [UInt8] = []
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: text, as: UTF8.self)
                case 0..<0x20:
                    return nil
                case UInt8(ascii: "\\"):
                    guard let scalar = escaped() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default:
                    text.append(byte)
                }
            }
            return nil
        }

        /// The scalar of the escape after a backslash.
        mutating func escaped() -> Unicode.Scalar? {
            guard at < bytes.count else { return nil }
            let escape = bytes[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(escape)
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"): return escapedScalar()
            default: return nil
            }
        }

        /// The scalar of a `\u` escape whose `\u` was read: four hex digits, or a surrogate
        /// pair written as two escapes.
        mutating func escapedScalar() -> Unicode.Scalar? {
            guard let unit = hexQuad() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")),
                      let low = hexQuad(), (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF:
                return nil
            default:
                return Unicode.Scalar(unit)
            }
        }

        mutating func hexQuad() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            let digits = bytes[at..<at + 4]
            guard digits.allSatisfy({ Unicode.Scalar($0).properties.isASCIIHexDigit }),
                  let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else { return nil }
            at += 4
            return value
        }
    }
}
