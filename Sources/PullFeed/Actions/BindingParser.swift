import TerminalUI

/// Reads a `--bind` value as fzf writes it: `KEY:ACTION[+ACTION…]`, several separated by
/// commas (`ctrl-d:execute(kill {2}),f2:refresh`).
///
/// An action that takes a command has it in parentheses, which may nest and hold commas and
/// `+` (`execute(echo $(date), {})`); parentheses inside single or double quotes, or after a
/// backslash, do not count. The form `execute:CMD` takes everything after the colon, to the
/// end of the value. A key is everything before the first colon of its binding, so `:` is
/// bound as `::ACTION` and `,` as `,:ACTION`.
package enum BindingParser {
    /// Why a value is not a list of bindings, naming the part that is wrong.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// The bindings `value` holds, in order.
    package static func parse(_ value: String) throws(Failure) -> [BindingList.Binding] {
        let text = Array(value)
        guard !text.allSatisfy(\.isWhitespace) else { throw Failure("is empty: write KEY:ACTION, e.g. f2:refresh") }
        var bindings: [BindingList.Binding] = []
        var i = 0
        while i < text.count {
            let start = i
            // The key: up to the first colon after its first character (":" itself may be the key).
            var colon = i + 1
            while colon < text.count, text[colon] != ":" { colon += 1 }
            let keyName = String(text[i..<min(colon, text.count)])
            guard colon < text.count else {
                throw Failure("'\(keyName)' has no action: write KEY:ACTION, e.g. \(keyName.isEmpty ? "f2" : keyName):refresh")
            }
            guard let key = KeyName.key(named: keyName) else {
                if let reason = KeyName.unbindableReason(keyName) {
                    throw Failure("cannot bind '\(keyName)': \(reason), in '\(Self.binding(text, from: start))'")
                }
                throw Failure("unknown key '\(keyName)' in '\(Self.binding(text, from: start))'")
            }
            i = colon + 1
            var actions: [BoundAction] = []
            while true {
                let (action, next) = try readAction(text, at: i, binding: start)
                actions.append(action)
                i = next
                guard i < text.count, text[i] == "+" else { break }
                i += 1
            }
            bindings.append(BindingList.Binding(key: key, keyName: keyName, actions: actions))
            guard i < text.count else { break }
            // `readAction` stops only at `+`, `,` or the end.
            i += 1
            if i == text.count { throw Failure("ends with a comma: '\(value)'") }
        }
        return bindings
    }

    /// The action at `i`, and where the text after it starts (at `+`, `,` or the end).
    private static func readAction(_ text: [Character], at start: Int, binding: Int) throws(Failure) -> (BoundAction, Int) {
        var i = start
        while i < text.count, text[i].isLetter || text[i] == "-" { i += 1 }
        let name = String(text[start..<i])
        let whole = Self.binding(text, from: binding)
        if name.isEmpty {
            throw Failure("empty action in '\(whole)'")
        }
        if let make = BoundAction.withCommand[name] {
            guard i < text.count, text[i] == "(" || text[i] == ":" else {
                throw Failure("\(name) needs a command in '\(whole)': write \(name)(CMD)")
            }
            if text[i] == ":" {
                let command = String(text[(i + 1)...])
                guard !command.allSatisfy(\.isWhitespace) else { throw Failure("\(name) has no command in '\(whole)'") }
                return (make(command), text.count)
            }
            let close = try closingParenthesis(text, after: i, action: name, whole: whole)
            let command = String(text[(i + 1)..<close])
            guard !command.allSatisfy(\.isWhitespace) else { throw Failure("\(name) has no command in '\(whole)'") }
            return (make(command), try end(of: text, at: close + 1, after: name, whole: whole))
        }
        guard let action = BoundAction.plain[name] else {
            throw Failure("unknown action '\(name)' in '\(whole)'")
        }
        if i < text.count, text[i] == "(" || text[i] == ":" {
            throw Failure("\(name) takes no command, in '\(whole)'")
        }
        return (action, try end(of: text, at: i, after: name, whole: whole))
    }

    /// Checks that an action ends at `i` (`+`, `,` or the end of the value).
    private static func end(of text: [Character], at i: Int, after name: String, whole: String) throws(Failure) -> Int {
        guard i == text.count || text[i] == "+" || text[i] == "," else {
            throw Failure("unexpected '\(text[i])' after \(name) in '\(whole)'")
        }
        return i
    }

    /// The index of the `)` that closes the `(` at `open`, skipping quoted text.
    private static func closingParenthesis(_ text: [Character], after open: Int, action: String, whole: String) throws(Failure) -> Int {
        var depth = 0
        var quote: Character?
        var i = open
        while i < text.count {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil } else if c == "\\", q == "\"" { i += 1 }
            } else {
                switch c {
                case "'", "\"": quote = c
                case "\\": i += 1
                case "(": depth += 1
                case ")":
                    depth -= 1
                    if depth == 0 { return i }
                default: break
                }
            }
            i += 1
        }
        if let quote { throw Failure("unclosed \(quote) quote in the command of \(action) in '\(whole)'") }
        throw Failure("unbalanced parentheses in '\(whole)': \(action)( is not closed")
    }

    /// The binding starting at `start`, as written (up to the first comma outside parentheses
    /// and quotes), for messages.
    private static func binding(_ text: [Character], from start: Int) -> String {
        var depth = 0
        var quote: Character?
        var i = start + 1
        while i < text.count {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth = max(0, depth - 1)
            } else if c == ",", depth == 0 {
                break
            }
            i += 1
        }
        return String(text[start..<i])
    }
}
