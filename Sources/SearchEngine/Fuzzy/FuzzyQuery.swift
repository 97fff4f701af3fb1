/// A fuzzy query as fzf reads one (its extended syntax): terms separated by spaces, each of
/// which must match; `a | b` matches either term. A term is fuzzy (its characters in order,
/// anything between them), or `'word` exact, `^pre` a prefix, `suf$` a suffix, `^line$` the
/// whole line, `!word` a line without `word` (`!^pre`, `!suf$`, `!'fuzzy` too). `\ ` is a
/// space inside a term. Each term has smart case: it ignores case unless it has an
/// upper-case letter.
///
/// A line that matches has a score (the sum of its terms' scores, see `FuzzyScorer`), and the
/// lines sorted by score (the best first), then by length (the shortest first, spaces at
/// either end not counted), then by their order come as `fzf -f` gives them.
public struct FuzzyQuery: Hashable, Sendable {
    /// How a term matches.
    enum Kind: Hashable, Sendable { case fuzzy, exact, prefix, suffix, whole }

    /// One term: its characters (in lower case when it ignores case).
    struct Term: Hashable, Sendable {
        var kind: Kind
        var inverse: Bool
        var text: [UInt32]
        var caseSensitive: Bool
        /// Whether small Latin letters with a mark are read as their base letter (the term has none).
        var normalizes: Bool

        var fold: FuzzyFold { FuzzyFold(caseSensitive: caseSensitive, normalizes: normalizes) }
    }

    /// The terms, grouped: a line matches when it matches a term of every group (`a | b` makes
    /// a group of two; an inverse term matches a line that lacks it).
    let groups: [[Term]]
    /// The one term of a query that is a single fuzzy word (what is typed most): scored
    /// without going through the groups.
    private let single: Term?

    /// The query `text`; nil when it has no term (only spaces, or `|`).
    public init?(_ text: String) {
        let groups = Self.parse(text)
        guard !groups.isEmpty else { return nil }
        self.groups = groups
        if groups.count == 1, groups[0].count == 1, groups[0][0].kind == .fuzzy, !groups[0][0].inverse {
            single = groups[0][0]
        } else {
            single = nil
        }
    }

    /// Whether the lines it matches are ranked by score: some term is not inverse (lines
    /// matched only by lacking words keep their order).
    public var ranks: Bool { groups.contains { $0.contains { !$0.inverse } } }

    private static func parse(_ text: String) -> [[Term]] {
        var query = Substring(text)
        while query.first == " " { query.removeFirst() }
        while query.hasSuffix(" "), !query.hasSuffix("\\ ") { query.removeLast() }
        // An escaped space stays in its term: it is a tab until the query is split.
        var escaped: [Character] = []
        for c in query {
            if c == " ", escaped.last == "\\" { escaped[escaped.count - 1] = "\t" } else { escaped.append(c) }
        }
        let tokens = String(escaped).split(separator: " ", omittingEmptySubsequences: true)
        var groups: [[Term]] = []
        var group: [Term] = []
        var startsGroup = false
        var afterBar = false
        for token in tokens {
            var text = token.map { $0 == "\t" ? " " : String($0) }.joined()
            let lower = text.lowercased()
            let caseSensitive = text != lower
            let normalizes = lower.unicodeScalars.allSatisfy { FuzzyCharacter.latinBase($0.value) == $0.value }
            if !caseSensitive { text = lower }
            if !group.isEmpty, !afterBar, text == "|" {
                startsGroup = false
                afterBar = true
                continue
            }
            afterBar = false
            var kind = Kind.fuzzy
            var inverse = false
            if text.hasPrefix("!") {
                inverse = true
                kind = .exact
                text.removeFirst()
            }
            if text != "$", text.hasSuffix("$") {
                kind = .suffix
                text.removeLast()
            }
            if text.hasPrefix("'") {
                kind = inverse ? .fuzzy : .exact
                text.removeFirst()
            } else if text.hasPrefix("^") {
                kind = kind == .suffix ? .whole : .prefix
                text.removeFirst()
            }
            guard !text.isEmpty else { continue }
            if startsGroup {
                groups.append(group)
                group = []
            }
            group.append(Term(kind: kind, inverse: inverse, text: text.unicodeScalars.map(\.value), caseSensitive: caseSensitive, normalizes: normalizes))
            startsGroup = true
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }

    // MARK: Matching

    /// Whether the line `bytes` (UTF-8 visible text) matches.
    func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if LineBytes.isASCII(bytes) { return matches(FuzzyASCIIText(bytes: bytes)) }
        return FuzzyScalarText.scalars(of: bytes).withUnsafeBufferPointer { matches(FuzzyScalarText(scalars: $0)) }
    }

    /// Whether `text` matches every group (without scoring: a fuzzy term only needs its
    /// characters in order).
    func matches<T: FuzzyText>(_ text: T) -> Bool {
        groups.allSatisfy { group in
            group.contains { term in
                let found: Bool
                switch term.kind {
                case .fuzzy: found = FuzzyScorer.containsInOrder(text, term.text, fold: term.fold)
                case .exact: found = FuzzyScorer.exact(text, term.text, fold: term.fold) != nil
                case .prefix: found = FuzzyScorer.prefix(text, term.text, fold: term.fold) != nil
                case .suffix: found = FuzzyScorer.suffix(text, term.text, fold: term.fold) != nil
                case .whole: found = FuzzyScorer.whole(text, term.text, fold: term.fold) != nil
                }
                return found != term.inverse
            }
        }
    }

    /// The score of `text`, nil when it does not match; with `positions`, the indices of the
    /// characters matched.
    func score<T: FuzzyText>(_ text: T, scorer: inout FuzzyScorer, positions: UnsafeMutablePointer<[Int]>? = nil) -> Int? {
        if let single { return scorer.fuzzy(text, single.text, fold: single.fold, positions: positions)?.score }
        var total = 0
        for group in groups {
            var matched = false
            var groupScore = 0
            for term in group {
                let found: FuzzyScorer.Match?
                let cs = term.fold
                let before = positions?.pointee.count ?? 0
                switch term.kind {
                case .fuzzy: found = scorer.fuzzy(text, term.text, fold: cs, positions: term.inverse ? nil : positions)
                case .exact: found = FuzzyScorer.exact(text, term.text, fold: cs)
                case .prefix: found = FuzzyScorer.prefix(text, term.text, fold: cs)
                case .suffix: found = FuzzyScorer.suffix(text, term.text, fold: cs)
                case .whole: found = FuzzyScorer.whole(text, term.text, fold: cs)
                }
                if let found {
                    if term.inverse { continue }
                    groupScore = found.score
                    matched = true
                    if let positions, term.kind != .fuzzy || positions.pointee.count == before {
                        positions.pointee.append(contentsOf: found.start..<found.end)
                    }
                    break
                } else if term.inverse {
                    groupScore = 0
                    matched = true
                }
            }
            guard matched else { return nil }
            total += groupScore
        }
        return total
    }

    /// The score of the line `bytes` (UTF-8 visible text) and its length without spaces at
    /// either end, nil when it does not match.
    func scoreAndLength(utf8 bytes: UnsafeBufferPointer<UInt8>, scorer: inout FuzzyScorer) -> (score: Int, length: Int)? {
        if LineBytes.isASCII(bytes) {
            let text = FuzzyASCIIText(bytes: bytes)
            return score(text, scorer: &scorer).map { ($0, Self.trimmedLength(text)) }
        }
        let text = FuzzyScalarText(scalars: scorer.decode(bytes))
        return score(text, scorer: &scorer).map { ($0, Self.trimmedLength(text)) }
    }

    static func trimmedLength<T: FuzzyText>(_ text: T) -> Int {
        var end = text.count
        while end > 0, FuzzyCharacter.isSpace(text[end - 1]) { end -= 1 }
        var start = 0
        while start < end, FuzzyCharacter.isSpace(text[start]) { start += 1 }
        return end - start
    }

    /// The indices of the characters of `text` (as drawn) that the query matched, ascending.
    public func matchedCharacters(in text: String) -> [Int] {
        let scalars = text.unicodeScalars.map(\.value)
        var positions: [Int] = []
        var scorer = FuzzyScorer()
        let matched = scalars.withUnsafeBufferPointer { buffer in
            withUnsafeMutablePointer(to: &positions) { score(FuzzyScalarText(scalars: buffer), scorer: &scorer, positions: $0) }
        }
        guard matched != nil else { return [] }
        return Array(Set(positions)).sorted()
    }

    /// The sort key of a line that scored `score`, `length` characters long without spaces at
    /// either end, at `row`: lower keys come first (fzf's order; score and length are capped
    /// at 65535 as there).
    public static func rankKey(score: Int, length: Int, row: Int) -> UInt64 {
        let points = UInt64(65535 - min(max(score, 0), 65535))
        return points << 48 | UInt64(min(length, 65535)) << 32 | UInt64(UInt32(truncatingIfNeeded: row))
    }

    // MARK: Narrowing

    /// Whether every line this query matches is also matched by `other` (so filtering with
    /// it can start from `other`'s matches): each of `other`'s terms, all plain (no `|`, no
    /// `!`), is implied by one of this query's plain terms.
    func refines(_ other: FuzzyQuery) -> Bool {
        let plain = groups.compactMap { $0.count == 1 && !$0[0].inverse ? $0[0] : nil }
        return other.groups.allSatisfy { group in
            guard group.count == 1, !group[0].inverse else { return false }
            return plain.contains { Self.implies($0, group[0]) }
        }
    }

    /// Whether a line that matches `term` matches `weaker`.
    private static func implies(_ term: Term, _ weaker: Term) -> Bool {
        guard weaker.caseSensitive ? term.caseSensitive : true,
              let first = weaker.text.first, !FuzzyCharacter.isSpace(first), !FuzzyCharacter.isSpace(weaker.text.last!),
              let own = term.text.first, !FuzzyCharacter.isSpace(own), !FuzzyCharacter.isSpace(term.text.last!) else { return false }
        let text = weaker.caseSensitive ? term.text : term.text.map(FuzzyCharacter.lowercased)
        switch weaker.kind {
        case .fuzzy:
            var i = 0
            for c in text where i < weaker.text.count && c == weaker.text[i] { i += 1 }
            return i == weaker.text.count
        case .exact:
            return term.kind != .fuzzy && text.count >= weaker.text.count
                && (0...(text.count - weaker.text.count)).contains { Array(text[$0..<$0 + weaker.text.count]) == weaker.text }
        case .prefix:
            return (term.kind == .prefix || term.kind == .whole) && text.starts(with: weaker.text)
        case .suffix:
            return (term.kind == .suffix || term.kind == .whole) && text.reversed().starts(with: weaker.text.reversed())
        case .whole:
            return term.kind == .whole && text == weaker.text
        }
    }
}
