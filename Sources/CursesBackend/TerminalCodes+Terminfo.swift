import CNcurses
import TerminalUI

extension TerminalCodes {
    /// The current terminal's sequences from terminfo (after `newterm`), or nil when it cannot
    /// address the cursor or clear the screen. Padding (`$<…>`) is dropped: no terminal this
    /// runs on needs delays. Whether it takes hyperlinks comes from `environment`, since
    /// terminfo does not say (`takesHyperlinks(environment:)`).
    static func terminfo(environment: [String: String] = [:]) -> TerminalCodes? {
        guard let cup = pf_cap("cup").map(String.init(cString:)),
              let clear = capability("clear") else { return nil }
        let csr = pf_cap("csr").map(String.init(cString:))
        let setaf = pf_cap("setaf").map(String.init(cString:))
        let setab = pf_cap("setab").map(String.init(cString:))
        let colors = Int(pf_number("colors"))
        let hasColors = colors >= 8
        let colorTerm = environment["COLORTERM"] ?? ""
        let trueColor = hasColors && (pf_flag("RGB") > 0 || pf_flag("Tc") > 0 || colorTerm == "truecolor" || colorTerm == "24bit")
        let address: @Sendable (Int, Int) -> [UInt8] = { row, column in
            bytes(pf_tiparm2(cup, Int32(row), Int32(column))) ?? []
        }
        var region: (@Sendable (Int, Int) -> [UInt8])?
        if let csr {
            region = { top, bottom in bytes(pf_tiparm2(csr, Int32(top), Int32(bottom))) ?? [] }
        }
        var foreground: (@Sendable (Int) -> [UInt8])?
        var background: (@Sendable (Int) -> [UInt8])?
        if hasColors, let setaf, let setab {
            foreground = { color in bytes(pf_tiparm1(setaf, Int32(color))) ?? [] }
            background = { color in bytes(pf_tiparm1(setab, Int32(color))) ?? [] }
        }
        return TerminalCodes(
            cursorAddress: address, scrollRegion: region,
            scrollForward: capability("ind"), scrollReverse: capability("ri"),
            clearToEndOfLine: capability("el"), clearScreen: clear, resetAttributes: capability("sgr0") ?? [],
            bold: capability("bold"), dim: capability("dim"), reverse: capability("rev"), underline: capability("smul"),
            foreground: foreground, background: background,
            deferredWrap: pf_flag("xenl") != 0 || pf_flag("am") == 0,
            italic: capability("sitm"), colors: max(0, colors), trueColor: trueColor,
            hyperlinks: takesHyperlinks(environment: environment))
    }

    private static func capability(_ name: String) -> [UInt8]? {
        bytes(pf_cap(name))
    }

    /// A capability's bytes without terminfo padding (`$<5>`, `$<2*/>`).
    static func bytes(_ string: UnsafePointer<CChar>?) -> [UInt8]? {
        guard let string else { return nil }
        var result: [UInt8] = []
        var p = UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self)
        while p.pointee != 0 {
            if p.pointee == UInt8(ascii: "$"), p[1] == UInt8(ascii: "<") {
                var q = p + 2
                while q.pointee != 0, q.pointee != UInt8(ascii: ">") { q += 1 }
                if q.pointee == UInt8(ascii: ">") {
                    p = q + 1
                    continue
                }
            }
            result.append(p.pointee)
            p += 1
        }
        return result
    }
}
