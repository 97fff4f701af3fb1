/// OSC 8 hyperlinks in text, as `ls --hyperlink`, `gcc -fdiagnostics-urls`, `systemctl` and
/// `cargo` write them: `ESC ] 8 ; params ; URI ST`, the link's text, then `ESC ] 8 ; ; ST`,
/// where ST is BEL or `ESC \`.
///
/// With `EscapeHandling.styles` the sequences take no columns, and the text between them
/// carries the link (`Style.link`), which `ScreenWriter` passes to a terminal that takes
/// hyperlinks as an OSC 8 sequence of its own around those cells. What is passed is only the
/// URI, made safe here: control bytes removed, every byte outside printable ASCII (and the
/// space) percent-encoded, at most `maxURILength` bytes; the parameters (`id=`) are dropped.
/// A sequence whose URI is too long or empty, or that lacks the `;` before the URI, ends the
/// link (its text shows without one). A sequence that is cut off, longer than
/// `maxSequenceLength`, or broken by another ESC is no sequence: it stays visible text, like
/// every escape that is not drawn.
package enum Hyperlink {
    /// The longest URI passed to the terminal, in bytes after percent-encoding.
    package static let maxURILength = 2048
    /// The longest sequence recognised, from its ESC to the end of its terminator.
    package static let maxSequenceLength = 8192

    /// A recognised sequence: where it ends, and the link it starts (nil: it ends the link).
    package struct Parsed: Equatable {
        package var end: String.Index
        package var uri: String?
    }

    /// The OSC 8 sequence whose ESC is at `start`, or nil when there is none there.
    package static func parse(_ text: String, at start: String.Index) -> Parsed? {
        let utf8 = text.utf8
        var index = utf8.index(after: start)
        for expected in [UInt8(ascii: "]"), UInt8(ascii: "8"), UInt8(ascii: ";")] {
            guard index < utf8.endIndex, utf8[index] == expected else { return nil }
            index = utf8.index(after: index)
        }
        var length = 4
        var uriStart: String.Index?
        while true {
            guard index < utf8.endIndex, length < maxSequenceLength else { return nil }
            let byte = utf8[index]
            if byte == 0x07 { break }
            if byte == 0x1B {
                let next = utf8.index(after: index)
                guard next < utf8.endIndex, utf8[next] == UInt8(ascii: "\\") else { return nil }
                break
            }
            if byte == UInt8(ascii: ";"), uriStart == nil { uriStart = utf8.index(after: index) }
            index = utf8.index(after: index)
            length += 1
        }
        let bodyEnd = index
        let terminator = utf8[index] == 0x07 ? 1 : 2
        guard length + terminator <= maxSequenceLength else { return nil }
        let end = utf8.index(index, offsetBy: terminator)
        guard let uriStart else { return Parsed(end: end, uri: nil) }
        return Parsed(end: end, uri: sanitized(text.unicodeScalars[uriStart..<bodyEnd]))
    }

    /// `uri` as it may be sent to a terminal: control characters (C0, DEL, C1) removed, the
    /// space and every character outside ASCII percent-encoded (as UTF-8); nil when that
    /// leaves nothing or more than `maxURILength` bytes.
    package static func sanitized(_ uri: Substring.UnicodeScalarView) -> String? {
        var out: [UInt8] = []
        for scalar in uri {
            let value = scalar.value
            if value < 0x20 || (value >= 0x7F && value <= 0x9F) { continue }
            if value == 0x20 || value > 0x7E {
                for byte in UTF8.encode(scalar)! { append(percentEncoding: byte, to: &out) }
            } else {
                out.append(UInt8(value))
            }
            if out.count > maxURILength { return nil }
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    private static func append(percentEncoding byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "%"))
        out.append(hexDigit(byte >> 4))
        out.append(hexDigit(byte & 0xF))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }

    /// The bytes that make the terminal put the cells written next in the link to `uri` (a
    /// sanitised one), or in none when `uri` is nil.
    package static func sequence(for uri: String?) -> [UInt8] {
        Array("\u{1B}]8;;".utf8) + Array((uri ?? "").utf8) + [0x1B, UInt8(ascii: "\\")]
    }
}
