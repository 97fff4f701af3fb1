/// Decodes the bytes read from a terminal into `InputEvent`s. Pure: no I/O, no clock.
///
/// Handles CSI and SS3 cursor keys (normal and application mode), `CSI n ~` editing and
/// function keys, SS3 F1–F4, modifier forms (`CSI 1;5A` is plain Up, but Shift with an arrow,
/// `CSI 1;2A`, or rxvt's `CSI a`, is `.shift(.up)`), Shift-Tab (`CSI Z`),
/// the Linux console's `CSI [ A`…`E`, control bytes, UTF-8 text (invalid bytes become U+FFFD),
/// SGR (`CSI < b;x;y M/m`) mouse reports, X10 (`CSI M bxy`) mouse reports while `x10Mouse` is
/// on (else `CSI M` is the SCO console's F1), Alt as an ESC prefix (`ESC j` is Alt-j, as
/// terminals send it), and bracketed paste (`CSI 200~` … `CSI 201~` is one `.paste`, whatever
/// it holds). Unknown or malformed sequences are dropped, never turned into text or Esc.
///
/// Decoding is incremental and independent of how the stream is split: a sequence cut at the
/// end of one `feed` is kept (`hasPending`) and completed by the next. Only when the caller
/// decides no more bytes are coming (`pendingTimeout` passed without input) does
/// `flushPending()` resolve it: a lone ESC becomes `.escape`, ESC with `[` or `O` alone becomes
/// Alt-[ or Alt-O, a longer unfinished escape sequence is dropped, an unfinished UTF-8 sequence
/// becomes U+FFFD, and an unfinished paste ends with what it has.
public struct InputDecoder: Sendable {
    /// Sequences longer than this are malformed and dropped.
    static let maxSequenceLength = 64
    /// The most bytes of one paste kept; the rest, up to its end, is read and dropped.
    public static let maxPasteBytes = 8 << 20
    /// How long a lone ESC waits for the rest of a sequence when `ESCDELAY` does not say:
    /// long enough for a sequence split by a slow link (ssh, mosh), short enough to feel like Esc.
    public static let defaultEscapeDelayNanoseconds: UInt64 = 100_000_000
    /// How long an unterminated paste waits for more bytes before it ends.
    public static let defaultPasteTimeoutNanoseconds: UInt64 = 1_000_000_000

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private var pending: [UInt8] = []
    /// The text of the paste under way, nil outside a paste.
    private var paste: [UInt8]?

    /// Whether `CSI M` starts an X10 mouse report (the terminal was asked for mouse reports).
    public var x10Mouse: Bool
    /// How long an unfinished escape or UTF-8 sequence waits for its next byte.
    public var escapeDelayNanoseconds: UInt64
    /// How long an unfinished paste waits for its next byte.
    public var pasteTimeoutNanoseconds: UInt64

    /// - Parameters:
    ///   - x10Mouse: whether `CSI M` starts an X10 mouse report (true, the default, when the
    ///     terminal was asked for mouse reports) or is the SCO console's F1.
    ///   - escapeDelayNanoseconds: how long an unfinished escape or UTF-8 sequence waits for
    ///     its next byte, in nanoseconds; 100 ms by default (see `escapeDelay(environment:)`
    ///     for `ESCDELAY`).
    ///   - pasteTimeoutNanoseconds: how long an unfinished bracketed paste waits for its next
    ///     byte, in nanoseconds; 1 s by default.
    public init(
        x10Mouse: Bool = true,
        escapeDelayNanoseconds: UInt64 = defaultEscapeDelayNanoseconds,
        pasteTimeoutNanoseconds: UInt64 = defaultPasteTimeoutNanoseconds
    ) {
        self.x10Mouse = x10Mouse
        self.escapeDelayNanoseconds = escapeDelayNanoseconds
        self.pasteTimeoutNanoseconds = pasteTimeoutNanoseconds
    }

    /// The escape delay `ESCDELAY` asks for, in milliseconds as ncurses reads it; the default
    /// when it is unset, not a whole number, negative or over ten seconds.
    public static func escapeDelay(environment: [String: String]) -> UInt64 {
        guard let text = environment["ESCDELAY"], let ms = Int(text), (0...10_000).contains(ms) else {
            return defaultEscapeDelayNanoseconds
        }
        return UInt64(ms) * 1_000_000
    }

    /// Whether bytes of an unfinished sequence or paste are waiting for more input or `flushPending()`.
    public var hasPending: Bool { !pending.isEmpty || paste != nil }

    /// How long to wait for more bytes before calling `flushPending()`; nil when nothing waits.
    public var pendingTimeoutNanoseconds: UInt64? {
        if paste != nil { return pasteTimeoutNanoseconds }
        return pending.isEmpty ? nil : escapeDelayNanoseconds
    }

    /// Whether a paste has begun and not ended.
    public var isInPaste: Bool { paste != nil }

    /// How many bytes are waiting (never more than one sequence's worth; a paste's text is kept apart).
    var pendingCount: Int { pending.count }

    /// Decodes `bytes` after whatever was pending; keeps an unfinished tail pending.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return decodePending(atEnd: false)
    }

    /// Resolves the pending bytes as if the stream ended here.
    public mutating func flushPending() -> [InputEvent] {
        decodePending(atEnd: true)
    }

    private mutating func decodePending(atEnd: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var i = 0
        let buffer = pending
        while i < buffer.count {
            if paste != nil {
                if let end = Self.find(Self.pasteEnd, in: buffer, from: i) {
                    appendToPaste(buffer[i..<end])
                    events.append(endPaste())
                    i = end + Self.pasteEnd.count
                    continue
                }
                // Keep a tail that may be the start of the end marker; the rest is text.
                let keep = atEnd ? 0 : Self.markerPrefixLength(buffer, from: i)
                appendToPaste(buffer[i..<(buffer.count - keep)])
                i = buffer.count - keep
                break
            }
            switch Self.step(buffer, i, atEnd: atEnd, x10Mouse: x10Mouse) {
            case .incomplete:
                break
            case .pasteStart(let n):
                paste = []
                i += n
                continue
            case .consumed(let n, let event):
                if let event { events.append(event) }
                i += n
                continue
            }
            break
        }
        if i == buffer.count { pending.removeAll(keepingCapacity: true) } else { pending.removeFirst(i) }
        if atEnd, paste != nil { events.append(endPaste()) }
        return events
    }

    private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
        let room = Self.maxPasteBytes - paste!.count
        if room > 0 { paste!.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func endPaste() -> InputEvent {
        let text = String(decoding: paste ?? [], as: UTF8.self)
        paste = nil
        return .paste(text)
    }

    /// Where `marker` starts in `bytes` at or after `start`.
    private static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0] {
                var k = 1
                while k < marker.count, bytes[i + k] == marker[k] { k += 1 }
                if k == marker.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The length of the longest tail of `bytes` (from `start` on) that begins the paste's end marker.
    private static func markerPrefixLength(_ bytes: [UInt8], from start: Int) -> Int {
        var length = min(pasteEnd.count - 1, bytes.count - start)
        while length > 0 {
            if bytes[(bytes.count - length)...].elementsEqual(pasteEnd[..<length]) { return length }
            length -= 1
        }
        return 0
    }

    enum Step {
        case consumed(Int, InputEvent?)
        case incomplete
        /// `CSI 200~`: what follows, up to `CSI 201~`, is pasted text.
        case pasteStart(Int)
    }

    static func step(_ b: [UInt8], _ i: Int, atEnd: Bool, x10Mouse: Bool) -> Step {
        let byte = b[i]
        switch byte {
        case 0x1B: return escape(b, i, atEnd: atEnd, x10Mouse: x10Mouse)
        case 0x0D, 0x0A: return .consumed(1, .key(.enter))
        case 0x09: return .consumed(1, .key(.tab))
        case 0x7F, 0x08: return .consumed(1, .key(.backspace))
        case 0x00: return .consumed(1, .key(.ctrl("@")))
        case 0x01...0x1A: return .consumed(1, .key(.ctrl(Character(Unicode.Scalar(byte + 0x60)))))
        case 0x1C...0x1F: return .consumed(1, .key(.ctrl(Character(Unicode.Scalar(byte + 0x40)))))
        case 0x20...0x7E: return .consumed(1, .key(.character(Character(Unicode.Scalar(byte)))))
        default: return utf8(b, i, atEnd: atEnd)
        }
    }

    // MARK: Escape sequences

    private static func escape(_ b: [UInt8], _ i: Int, atEnd: Bool, x10Mouse: Bool) -> Step {
        guard i + 1 < b.count else { return atEnd ? .consumed(1, .key(.escape)) : .incomplete }
        let step: Step
        switch b[i + 1] {
        case UInt8(ascii: "["): step = csi(b, i, atEnd: atEnd, x10Mouse: x10Mouse)
        case UInt8(ascii: "O"): step = ss3(b, i)
        case 0x1B:
            // ESC ESC: Alt with an escape sequence (ESC ESC [ A is Alt-Up), else the first ESC is Esc.
            if i + 2 < b.count, b[i + 2] == UInt8(ascii: "[") || b[i + 2] == UInt8(ascii: "O") {
                return alt(escape(b, i + 1, atEnd: atEnd, x10Mouse: x10Mouse), atEnd: atEnd)
            }
            if i + 2 >= b.count, !atEnd { return .incomplete }
            return .consumed(1, .key(.escape))
        default:
            // ESC at once followed by a key is that key with Alt (the ESC prefix terminals send).
            return alt(Self.step(b, i + 1, atEnd: atEnd, x10Mouse: x10Mouse), atEnd: atEnd)
        }
        if case .incomplete = step, atEnd {
            // Cut off: ESC [ or ESC O alone was Alt-[ or Alt-O; a longer start is dropped.
            guard i + 2 < b.count else { return .consumed(2, .key(.alt(.character(Character(Unicode.Scalar(b[i + 1])))))) }
            return .consumed(b.count - i, nil)
        }
        return step
    }

    /// `inner` (what follows an ESC) with Alt: one byte longer, its key under Alt.
    private static func alt(_ inner: Step, atEnd: Bool) -> Step {
        switch inner {
        case .incomplete: return atEnd ? .consumed(1, .key(.escape)) : .incomplete
        case .pasteStart: return .consumed(1, nil)
        case .consumed(let n, let event):
            guard case .key(let key)? = event else { return .consumed(n + 1, event) }
            return .consumed(n + 1, .key(.alt(key)))
        }
    }

    private static func ss3(_ b: [UInt8], _ i: Int) -> Step {
        var j = i + 2
        while j < b.count, j - i < maxSequenceLength, isDigitOrSemicolon(b[j]) { j += 1 }
        if j - i >= maxSequenceLength { return .consumed(maxSequenceLength, nil) }
        guard j < b.count else { return .incomplete }
        let final = b[j]
        guard (0x40...0x7E).contains(final) else { return .consumed(j - i, nil) }
        let key = final == UInt8(ascii: "M") ? .enter : cursorOrFunctionKey(final)
        return .consumed(j - i + 1, key.map(InputEvent.key))
    }

    private static func csi(_ b: [UInt8], _ i: Int, atEnd: Bool, x10Mouse: Bool) -> Step {
        let start = i + 2
        guard start < b.count else { return .incomplete }
        if b[start] == UInt8(ascii: "M") { return x10Mouse ? x10MouseReport(b, i, atEnd: atEnd) : .consumed(3, .key(.function(1))) }
        if b[start] == UInt8(ascii: "[") {  // Linux console F1–F5: ESC [ [ A…E
            guard start + 1 < b.count else { return .incomplete }
            let c = b[start + 1]
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(c) {
                return .consumed(4, .key(.function(Int(c) - 0x41 + 1)))
            }
            return .consumed(3, nil)
        }
        var j = start
        while j < b.count, j - i < maxSequenceLength, (0x30...0x3F).contains(b[j]) { j += 1 }
        let paramsEnd = j
        while j < b.count, j - i < maxSequenceLength, (0x20...0x2F).contains(b[j]) { j += 1 }
        if j - i >= maxSequenceLength { return .consumed(maxSequenceLength, nil) }
        guard j < b.count else { return .incomplete }
        let final = b[j]
        guard (0x40...0x7E).contains(final) else { return .consumed(j - i, nil) }
        let consumed = j - i + 1
        guard paramsEnd == j else { return .consumed(consumed, nil) }  // intermediates: not a key
        if final == UInt8(ascii: "~"), b[start..<paramsEnd].elementsEqual("200".utf8) { return .pasteStart(consumed) }
        return .consumed(consumed, interpretCSI(b[start..<paramsEnd], final: final))
    }

    /// The key a CSI or SS3 final byte names: arrows, Home/End (H/F), F1–F4 (P–S).
    private static func cursorOrFunctionKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final) - 0x50 + 1)
        default: nil
        }
    }

    private static func interpretCSI(_ params: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        if params.first == UInt8(ascii: "<") { return sgrMouse(params.dropFirst(), final: final) }
        guard let numbers = parseNumbers(params) else { return nil }
        let first = numbers.first ?? nil
        let key: Key?
        switch final {
        case UInt8(ascii: "Z"): key = .backTab
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            key = numbers.isEmpty || first == 1 ? cursorOrFunctionKey(final) : nil
        case UInt8(ascii: "~"): key = first.flatMap(tildeKey)
        case UInt8(ascii: "A")...UInt8(ascii: "D"):
            let plain = cursorOrFunctionKey(final)
            key = numbers.count == 2 && first == 1 && numbers[1] == 2 ? plain.map { .shift($0) } : plain
        case UInt8(ascii: "a")...UInt8(ascii: "d"):
            key = numbers.isEmpty ? cursorOrFunctionKey(final - 0x20).map { .shift($0) } : nil
        default: key = cursorOrFunctionKey(final)
        }
        return key.map(InputEvent.key)
    }

    private static func tildeKey(_ n: Int) -> Key? {
        switch n {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(n - 10)
        case 17...21: .function(n - 11)
        case 23, 24: .function(n - 12)
        default: nil
        }
    }

    // MARK: Mouse

    private static func sgrMouse(_ params: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
              let numbers = parseNumbers(params), numbers.count == 3,
              let code = numbers[0], let x = numbers[1], let y = numbers[2]
        else { return nil }
        return mouse(code: code, column: x - 1, row: y - 1, released: final == UInt8(ascii: "m"))
    }

    /// `CSI M` and three bytes, each at least 32: an X10 mouse report. Bytes that cannot be one
    /// (or no more bytes after the delay) make `CSI M` the SCO console's F1.
    private static func x10MouseReport(_ b: [UInt8], _ i: Int, atEnd: Bool) -> Step {
        let sco = Step.consumed(3, .key(.function(1)))
        for k in 3...5 {
            guard i + k < b.count else { return atEnd ? sco : .incomplete }
            if b[i + k] < 32 { return sco }
        }
        let code = Int(b[i + 3]) - 32
        return .consumed(6, mouse(code: code, column: Int(b[i + 4]) - 33, row: Int(b[i + 5]) - 33, released: false))
    }

    private static func mouse(code: Int, column: Int, row: Int, released: Bool) -> InputEvent? {
        guard column >= 0, row >= 0 else { return nil }
        let low = code & 3
        let button: MouseButton? = switch low {
        case 0: .left
        case 1: .middle
        case 2: .right
        default: nil
        }
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard code & 128 == 0, low < 2 else { return nil }
            kind = low == 0 ? .wheelUp : .wheelDown
        } else if code & 128 != 0 {
            return nil
        } else if code & 32 != 0 {
            guard let button else { return nil }
            kind = .drag(button)
        } else if released || button == nil {
            kind = .release
        } else {
            kind = .press(button!)
        }
        return .mouse(MouseEvent(kind: kind, row: row, column: column))
    }

    /// Semicolon-separated decimal numbers (colon sub-parameters ignored); nil when the
    /// parameters are not of that form (private markers such as `?`). Values are clamped.
    private static func parseNumbers(_ params: ArraySlice<UInt8>) -> [Int?]? {
        var numbers: [Int?] = []
        var current: Int?
        var inSub = false
        for c in params {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if !inSub { current = min((current ?? 0) * 10 + Int(c - 0x30), 1_000_000) }
            case UInt8(ascii: ";"):
                numbers.append(current)
                current = nil
                inSub = false
            case UInt8(ascii: ":"):
                inSub = true
            default:
                return nil
            }
        }
        if !params.isEmpty { numbers.append(current) }
        return numbers
    }

    private static func isDigitOrSemicolon(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || c == UInt8(ascii: ";")
    }

    // MARK: UTF-8

    private static func utf8(_ b: [UInt8], _ i: Int, atEnd: Bool) -> Step {
        let lead = b[i]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return .consumed(1, replacement)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard i + k < b.count else { return atEnd ? .consumed(k, replacement) : .incomplete }
            let c = b[i + k]
            let range = k == 1 ? low...high : 0x80...0xBF
            guard range.contains(c) else { return .consumed(k, replacement) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        guard value >= 0xA0, let scalar = Unicode.Scalar(value) else { return .consumed(length, nil) }  // C1 controls
        return .consumed(length, .key(.character(Character(scalar))))
    }

    private static let replacement: InputEvent = .key(.character("\u{FFFD}"))
}
