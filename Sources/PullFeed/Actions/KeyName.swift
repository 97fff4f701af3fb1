import TerminalUI

/// Keys named as fzf writes them in `--bind`: `ctrl-a` … `ctrl-z`, `alt-<key>`, `f1` … `f12`,
/// `enter`, `space`, `tab`, `btab`, `del`, `bspace`, `esc`, `up`, `down`, `left`, `right`,
/// `home`, `end`, `pgup`, `pgdn`, `insert`, and any single character (`x`, `?`, `中`).
///
/// Names of more than one character are read in any case (`Ctrl-K`); a single character is
/// itself (`K` is Shift-k). Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M are the bytes of Backspace, Tab and
/// Enter, and name those keys. Ctrl-C and Ctrl-Z are not keys the app is given (the main loop
/// takes them as the interrupt and the suspend), so they cannot be bound.
package enum KeyName {
    /// The key `name` stands for, or nil when it names none the app can be given.
    package static func key(named name: String) -> Key? {
        if name.count == 1, let character = name.first {
            return character.isWhitespace || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                ? (character == " " ? .character(" ") : nil)
                : .character(character)
        }
        let lower = name.lowercased()
        if let key = named[lower] { return key }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            switch letter {
            case "c", "z": return nil
            case "h": return .backspace
            case "i": return .tab
            case "j", "m": return .enter
            default: return .ctrl(letter)
            }
        }
        if lower.hasPrefix("alt-") {
            // The rest keeps its case: alt-K is Alt with Shift-k.
            let rest = String(name.dropFirst(4))
            guard !rest.isEmpty, !rest.lowercased().hasPrefix("alt-"), let key = key(named: rest) else { return nil }
            return .alt(key)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number), !lower.dropFirst().hasPrefix("0") {
            return .function(number)
        }
        return nil
    }

    /// Why the key `name` names cannot be bound, for a key the app is never given as a key
    /// (Ctrl-C, Ctrl-Z, in any case); nil for any other name.
    package static func unbindableReason(_ name: String) -> String? {
        switch name.lowercased() {
        case "ctrl-c": "it always quits pullfeed (exit status 130)"
        case "ctrl-z": "it suspends pullfeed, as in any terminal program"
        default: nil
        }
    }

    /// The names of the keys that are not single characters or Ctrl, Alt and F keys.
    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "space": .character(" "), "tab": .tab, "btab": .backTab,
        "shift-tab": .backTab, "del": .delete, "delete": .delete, "bspace": .backspace, "bs": .backspace,
        "backspace": .backspace, "esc": .escape, "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end, "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown,
        "insert": .insert,
    ]
}
