/// What the text of a POSIX extended regular expression says, read without compiling it:
/// whether it has metacharacters at all, its smart case, and a literal every match must hold.
enum RegexSyntax {
    static let metacharacters: Set<Character> = ["^", "$", ".", "[", "]", "(", ")", "|", "*", "+", "?", "{", "}", "\\"]

    static func hasMetacharacters(_ text: String) -> Bool {
        text.contains { metacharacters.contains($0) }
    }

    /// Whether `text` has an upper-case letter; in a regular expression, a letter right after
    /// a backslash (`\S`, `\W`, `\B`) is an operator and does not count.
    static func hasUpperCase(_ text: String, syntax: TextPattern.Syntax) -> Bool {
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                escaped = false
                continue
            }
            if syntax == .regularExpression, scalar == "\\" {
                escaped = true
                continue
            }
            if scalar.properties.isUppercase { return true }
        }
        return false
    }

    /// Whether `text` refers back to a group (`\1` … `\9`), which the library supports with
    /// backtracking that can take exponential time.
    static func hasBackReference(_ text: String) -> Bool {
        var escaped = false
        for character in text {
            if escaped, character.isASCII, let digit = character.wholeNumberValue, digit > 0 { return true }
            escaped = !escaped && character == "\\"
        }
        return false
    }

    /// Whether `text` is one branch (no `|` outside a bracket expression) and does not end in
    /// a lone backslash: text appended to it is then required after whatever it matches.
    static func isConcatenation(_ text: String) -> Bool {
        var inBracket = false
        var escaped = false
        var bracketStart = false
        for character in text {
            if inBracket {
                if character == "]", !bracketStart { inBracket = false }
                bracketStart = bracketStart && character == "^"
                continue
            }
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[":
                inBracket = true
                bracketStart = true
            case "|": return false
            default: break
            }
        }
        return !escaped && !inBracket
    }

    /// The longest run of plain characters that every match must contain, if `text` is one
    /// branch; nil when there is none or it is not sure. A character followed by `*`, `?` or
    /// `{` may be absent; anything inside a group or a bracket expression is not counted.
    static func requiredLiteral(_ text: String) -> String? {
        guard isConcatenation(text) else { return nil }
        var runs: [String] = []
        var run = ""
        var depth = 0
        var characters = Array(text)[...]
        func endRun() {
            if !run.isEmpty { runs.append(run) }
            run = ""
        }
        while let character = characters.popFirst() {
            var literal: Character?
            switch character {
            case "\\":
                guard let next = characters.popFirst() else { return nil }
                // `\w`, `\<`, `\b`… are operators; a backslash before anything else is that character.
                if next.isLetter || next.isNumber || next == "<" || next == ">" || next == "`" || next == "'" {
                    endRun()
                } else {
                    literal = next
                }
            case "(":
                depth += 1
                endRun()
            case ")":
                depth = max(0, depth - 1)
                endRun()
            case "[":
                endRun()
                // Skip the bracket expression: `]` first (or after `^`) is one of its characters.
                var first = true
                while let inner = characters.popFirst() {
                    if inner == "]", !first { break }
                    first = first && inner == "^"
                    if inner == "[", let kind = characters.first, kind == ":" || kind == "." || kind == "=" {
                        while let c = characters.popFirst(), c != "]" {}
                    }
                }
            case "*", "?", "{":
                endRun()
                if character == "{" { while let c = characters.popFirst(), c != "}" {} }
            case "+", "^", "$", ".", "|", "}", "]":
                endRun()
            default:
                literal = character
            }
            guard let literal else { continue }
            if depth > 0 {
                endRun()
                continue
            }
            if let next = characters.first, next == "*" || next == "?" || next == "{" {
                endRun()
                continue
            }
            run.append(literal)
        }
        endRun()
        return runs.max { $0.utf8.count < $1.utf8.count }
    }
}

extension RegexSyntax {
    /// `text` with the shorthands the C library lacks made POSIX: `\d` and `\D` outside a
    /// bracket expression become `[0-9]` and `[^0-9]`, and the `?` that makes a quantifier
    /// lazy (`+?`, `*?`, `??`, `}?`) is dropped (POSIX matches are always the longest).
    static func posix(_ text: String) -> String {
        var result = ""
        var inBracket = false
        var bracketStart = false
        var escaped = false
        var afterQuantifier = false
        for character in text {
            if inBracket {
                result.append(character)
                if character == "]", !bracketStart { inBracket = false }
                bracketStart = bracketStart && character == "^"
                continue
            }
            if escaped {
                escaped = false
                afterQuantifier = false
                switch character {
                case "d": result += "[0-9]"
                case "D": result += "[^0-9]"
                default: result += "\\" + String(character)
                }
                continue
            }
            if character == "?", afterQuantifier {
                afterQuantifier = false
                continue
            }
            afterQuantifier = false
            switch character {
            case "\\": escaped = true
            case "[":
                inBracket = true
                bracketStart = true
                result.append(character)
            case "+", "*", "?", "}":
                afterQuantifier = true
                result.append(character)
            default: result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}
