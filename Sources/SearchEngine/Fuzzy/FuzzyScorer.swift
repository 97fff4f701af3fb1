/// Scores how well one term of a fuzzy query matches a line, as fzf scores it, so the ranks
/// (and the lines that match) agree with `fzf -f`.
///
/// A fuzzy term is aligned by a Smith-Waterman-like dynamic programme that allows no missing
/// character: each matched character scores `scoreMatch` plus the bonus of its place (a word
/// start after a space, a delimiter or another non-word character, a camelCase hump, the
/// first digit of a number; doubled for the term's first character), a chunk of consecutive
/// matches keeps at least its first character's bonus, and each gap costs `scoreGapStart`
/// then `scoreGapExtension` per character. The best alignment wins. A line so long that the
/// table would pass `tableLimit` cells is aligned greedily instead (the first match, then the
/// shortest one ending there), as fzf does. Exact, prefix, suffix and whole-line terms score
/// their one alignment the same way.
///
/// A term's text is in lower case when it ignores case. The scorer keeps its tables between
/// calls: one per thread.
struct FuzzyScorer {
    typealias C = FuzzyCharacter

    /// Beyond this many cells (line length × term length) a fuzzy term is aligned greedily.
    static let tableLimit = 100 * 1024

    /// Where a term matched, and its score.
    struct Match: Equatable {
        var start: Int
        var end: Int
        var score: Int
    }

    private let scratch = FuzzyScratch()

    /// Whether the term `pattern`'s characters are all in `text`, an ASCII text, in order;
    /// with `firsts`, their places there, each the first after the one before.
    static func asciiPlaces(_ text: FuzzyASCIIText, _ pattern: [UInt32], fold: FuzzyFold,
                            into firsts: UnsafeMutablePointer<Int>? = nil) -> Bool {
        var index = 0
        for (p, char) in pattern.enumerated() {
            guard char < 0x80, let found = text.firstIndex(of: UInt8(char), ignoringCase: ignoresCase(char, fold), from: index) else {
                return false
            }
            firsts?[p] = found
            index = found + 1
        }
        return true
    }

    /// Whether `text` may hold the term `pattern`: false only for an ASCII text that lacks its
    /// characters in order (a quick test before the work of matching it).
    static func asciiMayMatch<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Bool {
        guard let ascii = text as? FuzzyASCIIText else { return true }
        return asciiPlaces(ascii, pattern, fold: fold)
    }

    /// Whether an ASCII `char` of a term matches either case (it is a lower-case letter, and
    /// the term ignores case).
    private static func ignoresCase(_ char: UInt32, _ fold: FuzzyFold) -> Bool {
        !fold.caseSensitive && char >= 0x61 && char <= 0x7A
    }

    /// The part of `text` where the fuzzy term `pattern` can align, nil when it does not match
    /// (its characters are not all there in order): from the first place of its first
    /// character to just after the last place of its last one. The first place of each
    /// character after the one before goes to the scratch's `firsts`. Characters compare as
    /// the aligning pass folds them.
    private func bounds<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Range<Int>? {
        let last = pattern[pattern.count - 1]
        let firsts = scratch.firsts
        if let ascii = text as? FuzzyASCIIText {
            guard Self.asciiPlaces(ascii, pattern, fold: fold, into: firsts),
                  let end = ascii.lastIndex(of: UInt8(last), ignoringCase: Self.ignoresCase(last, fold)) else { return nil }
            return firsts[0]..<end + 1
        }
        // Whether `c` folds to `char`; `upper`: the upper case of `char` when it is an ASCII
        // letter and case is ignored (else `char`), for most characters of most lines.
        let scratch = scratch
        func matches(_ c: UInt32, _ char: UInt32, _ upper: UInt32) -> Bool {
            if c < 0x80 { return c == char || c == upper }
            return fold.aligned(c, scratch.classOfNonASCII(c)) == char
        }
        var index = 0
        for (p, char) in pattern.enumerated() {
            let upper = Self.ignoresCase(char, fold) ? char - 32 : char
            while index < text.count, !matches(text[index], char, upper) { index += 1 }
            guard index < text.count else { return nil }
            firsts[p] = index
            index += 1
        }
        let upper = Self.ignoresCase(last, fold) ? last - 32 : last
        var end = text.count - 1
        while !matches(text[end], last, upper) { end -= 1 }
        return firsts[0]..<end + 1
    }

    /// The class of `text[index]`, looked up in `classes` (`FuzzyCharacter.asciiClasses`,
    /// passed in so loops read it once) or the scratch's cache.
    @inline(__always)
    private func classOf<T: FuzzyText>(_ text: T, at index: Int, _ classes: UnsafePointer<C.Class>) -> C.Class {
        let c = text[index]
        return text.isASCII || c < 0x80 ? classes[Int(c)] : scratch.classOfNonASCII(c)
    }

    /// Whether `pattern`'s characters occur in `text` in order (a fuzzy term matches).
    static func containsInOrder<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Bool {
        if let ascii = text as? FuzzyASCIIText { return asciiPlaces(ascii, pattern, fold: fold) }
        var p = 0
        for i in 0..<text.count where p < pattern.count {
            let c = text[i]
            if fold.aligned(c, C.classOf(c)) == pattern[p] { p += 1 }
        }
        return p == pattern.count
    }

    /// The Unicode scalar values of `bytes` (UTF-8; each byte of a malformed sequence reads as
    /// U+FFFD), in a buffer the scorer keeps: valid until the next call.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt32> {
        scratch.decode(bytes)
    }

    // MARK: Fuzzy

    /// The best alignment of the fuzzy term `pattern` in `text`, nil when it does not match;
    /// with `positions`, the indices of the matched characters (in any order).
    func fuzzy<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold,
                                      positions: UnsafeMutablePointer<[Int]>? = nil) -> Match? {
        let m = pattern.count
        guard m > 0 else { return Match(start: 0, end: 0, score: 0) }
        let n = text.count
        if n * m > Self.tableLimit { return greedy(text, pattern, fold: fold, positions: positions) }
        scratch.reserve(rows: n, pattern: m)
        guard let bounds = bounds(text, pattern, fold: fold) else { return nil }
        if m == 1 { return single(text, pattern[0], fold: fold, in: bounds, positions: positions) }

        // The table: row i, column j holds the best score of the first i+1 characters with the
        // i-th on text index f0 + j. In the pass that finds the characters' classes and
        // bonuses (by column too), the first row; then the others, each from the one above.
        // Only backtracking reads cells no row wrote: it gets them zeroed.
        let f0 = bounds.lowerBound
        let lastIndex = bounds.upperBound - 1
        let width = bounds.count
        scratch.reserve(cells: width * m, zeroed: positions != nil)
        let (folded, bonuses, firsts, table, chunks) =
            (scratch.folded, scratch.bonuses, scratch.firsts, scratch.table, scratch.chunks)

        let (asciiEntries, bonusTable) = (fold.asciiClassesAndCharacters, C.bonusTable)
        let p0 = pattern[0]
        var previousClass = (f0 > 0 ? classOf(text, at: f0 - 1, C.asciiClasses) : C.initialClass).rawValue
        var previousH: Int32 = 0
        var gap = Int32(C.scoreGapStart)
        for j in 0..<width {
            let c = text[f0 &+ j]
            let cls: UInt8
            let char: UInt32
            if text.isASCII || c < 0x80 {
                let entry = asciiEntries[Int(c)]
                cls = UInt8(truncatingIfNeeded: entry &>> 8)
                char = UInt32(entry & 0xFF)
            } else {
                let nonASCII = scratch.classOfNonASCII(c)
                cls = nonASCII.rawValue
                char = fold.aligned(c, nonASCII)
            }
            folded[j] = char
            let bonus = bonusTable[Int(previousClass) &* 8 &+ Int(cls)]
            bonuses[j] = bonus
            previousClass = cls
            if char == p0 {
                previousH = Int32(C.scoreMatch) &+ bonus &* Int32(C.bonusFirstCharMultiplier)
                chunks[j] = 1
                gap = Int32(C.scoreGapStart)
            } else {
                previousH = max(previousH &+ gap, 0)
                chunks[j] = 0
                gap = Int32(C.scoreGapExtension)
            }
            table[j] = previousH
        }
        for p in 1..<m {
            let f = firsts[p]
            let pchar = pattern[p]
            // This row's cells and the row above's, by column (text index − f0).
            let row = table + p &* width, above = row - width
            let chunkRow = chunks + p &* width, chunkAbove = chunkRow - width
            var gap = Int32(C.scoreGapStart)
            var left: Int32 = 0  // The cell before the row's first: nothing aligned yet.
            for col in f...lastIndex {
                let j = col &- f0
                var s1: Int32 = 0
                var consecutive: Int32 = 0
                let s2 = left &+ gap
                if pchar == folded[j] {
                    s1 = above[j &- 1] &+ Int32(C.scoreMatch)
                    var b = bonuses[j]
                    consecutive = chunkAbove[j &- 1] &+ 1
                    if consecutive > 1 {
                        let fb = bonuses[j &- Int(consecutive) &+ 1]
                        if b >= C.bonusBoundary && b > fb {
                            consecutive = 1
                        } else {
                            b = max(b, max(Int32(C.bonusConsecutive), fb))
                        }
                    }
                    if s1 &+ b < s2 {
                        s1 &+= bonuses[j]
                        consecutive = 0
                    } else {
                        s1 &+= b
                    }
                }
                chunkRow[j] = consecutive
                gap = Int32(s1 < s2 ? C.scoreGapExtension : C.scoreGapStart)
                left = max(s1, s2, 0)
                row[j] = left
            }
        }
        // The best cell of the last row (the first of equals).
        var maxScore = 0, maxScorePos = 0
        let lastRow = table + (m - 1) &* width
        for col in firsts[m - 1]...lastIndex where Int(lastRow[col &- f0]) > maxScore {
            maxScore = Int(lastRow[col &- f0])
            maxScorePos = col
        }

        var start = f0
        if let positions {
            // Back from the best cell: a match where the score came from the diagonal.
            var i = m - 1
            var j = maxScorePos
            var preferMatch = true
            while j >= f0 {
                let rowStart = i * width
                let j0 = j - f0
                let s = table[rowStart + j0]
                let s1: Int32 = i > 0 && j >= firsts[i] ? table[rowStart - width + j0 - 1] : 0
                let s2: Int32 = j > firsts[i] ? table[rowStart + j0 - 1] : 0
                if s > s1 && (s > s2 || s == s2 && preferMatch) {
                    positions.pointee.append(j)
                    if i == 0 { break }
                    i -= 1
                }
                let below = rowStart + width + j0 + 1
                preferMatch = chunks[rowStart + j0] > 1 || below < width * m && chunks[below] > 0
                j -= 1
            }
            start = j
        }
        return Match(start: start, end: maxScorePos + 1, score: maxScore)
    }

    /// The best place of a one-character term in `text[range]`: the first place with the
    /// best bonus, or the first place with at least `bonusBoundary` that beats those before.
    private func single<T: FuzzyText>(_ text: T, _ char: UInt32, fold: FuzzyFold, in range: Range<Int>,
                                      positions: UnsafeMutablePointer<[Int]>?) -> Match? {
        let (classes, bonusTable) = (C.asciiClasses, C.bonusTable)
        let ascii = text as? FuzzyASCIIText
        var maxScore = 0, maxScorePos = -1
        var index = range.lowerBound
        while index < range.upperBound {
            // On to the next place of the character: in an ASCII text eight bytes a step, for
            // only the places and the characters before them have classes that count.
            if let ascii {
                guard let next = ascii.firstIndex(of: UInt8(char), ignoringCase: Self.ignoresCase(char, fold), from: index),
                      next < range.upperBound else { break }
                index = next
            } else if fold.aligned(text[index], classOf(text, at: index, classes)) != char {
                index += 1
                continue
            }
            let previousClass = index > 0 ? classOf(text, at: index - 1, classes) : C.initialClass
            let cls = classOf(text, at: index, classes)
            let bonus = Int(bonusTable[Int(previousClass.rawValue) &* 8 &+ Int(cls.rawValue)])
            let score = C.scoreMatch + bonus * C.bonusFirstCharMultiplier
            if score > maxScore {
                maxScore = score
                maxScorePos = index
                if bonus >= C.bonusBoundary { break }
            }
            index += 1
        }
        guard maxScorePos >= 0 else { return nil }
        positions?.pointee.append(maxScorePos)
        return Match(start: maxScorePos, end: maxScorePos + 1, score: maxScore)
    }

    /// The first match of the fuzzy term, shortened from its end, scored as aligned.
    private func greedy<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold,
                                      positions: UnsafeMutablePointer<[Int]>?) -> Match? {
        guard Self.asciiMayMatch(text, pattern, fold: fold) else { return nil }
        var p = 0, start = -1, end = -1
        for index in 0..<text.count where fold.apply(text[index]) == pattern[p] {
            if start < 0 { start = index }
            p += 1
            if p == pattern.count {
                end = index + 1
                break
            }
        }
        guard start >= 0, end >= 0 else { return nil }
        p -= 1
        var index = end - 1
        while index >= start {
            if fold.apply(text[index]) == pattern[p] {
                p -= 1
                if p < 0 {
                    start = index
                    break
                }
            }
            index -= 1
        }
        let score = Self.score(text, pattern, fold: fold, from: start, to: end, positions: positions)
        return Match(start: start, end: end, score: score)
    }

    /// The score of `pattern` matched in `text[from..<to]`, each character at its first place
    /// from the left.
    static func score<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold, from: Int, to: Int,
                                    positions: UnsafeMutablePointer<[Int]>? = nil) -> Int {
        var p = 0, score = 0, inGap = false, consecutive = 0, firstBonus = 0
        var previousClass = from > 0 ? C.classOf(text[from - 1]) : C.initialClass
        for index in from..<to {
            let raw = text[index]
            let cls = C.classOf(raw)
            if p < pattern.count, fold.apply(raw) == pattern[p] {
                positions?.pointee.append(index)
                score += C.scoreMatch
                var bonus = C.bonus(previousClass, cls)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= C.bonusBoundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, C.bonusConsecutive)
                }
                score += p == 0 ? bonus * C.bonusFirstCharMultiplier : bonus
                inGap = false
                consecutive += 1
                p += 1
            } else {
                score += inGap ? C.scoreGapExtension : C.scoreGapStart
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previousClass = cls
        }
        return score
    }

    // MARK: Exact, prefix, suffix, whole line

    /// The occurrence of `pattern` whose first character has the best bonus (the first of them).
    static func exact<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Match? {
        let m = pattern.count
        guard m > 0 else { return Match(start: 0, end: 0, score: 0) }
        guard text.count >= m, asciiMayMatch(text, pattern, fold: fold) else { return nil }
        var best = -1, bestBonus = -1
        var start = 0
        while start + m <= text.count {
            var k = 0
            while k < m, fold.apply(text[start + k]) == pattern[k] { k += 1 }
            if k == m {
                let bonus = start == 0 ? C.bonusBoundaryWhite : C.bonus(C.classOf(text[start - 1]), C.classOf(text[start]))
                if bonus > bestBonus {
                    best = start
                    bestBonus = bonus
                }
                if bonus >= C.bonusBoundary { break }
            }
            start += 1
        }
        guard best >= 0 else { return nil }
        return Match(start: best, end: best + m,
                     score: score(text, pattern, fold: fold, from: best, to: best + m))
    }

    private static func leadingSpaces<T: FuzzyText>(_ text: T) -> Int {
        var i = 0
        while i < text.count, C.isSpace(text[i]) { i += 1 }
        return i
    }

    private static func trailingSpaces<T: FuzzyText>(_ text: T) -> Int {
        var i = 0
        while i < text.count, C.isSpace(text[text.count - 1 - i]) { i += 1 }
        return i
    }

    private static func equal<T: FuzzyText>(_ text: T, _ pattern: [UInt32], at start: Int, fold: FuzzyFold) -> Bool {
        for (k, p) in pattern.enumerated() where fold.apply(text[start + k]) != p { return false }
        return true
    }

    /// `pattern` at the start of `text` (after its leading spaces, unless it starts with one).
    static func prefix<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Match? {
        guard let first = pattern.first else { return Match(start: 0, end: 0, score: 0) }
        let start = C.isSpace(first) ? 0 : leadingSpaces(text)
        guard text.count - start >= pattern.count, equal(text, pattern, at: start, fold: fold) else { return nil }
        let end = start + pattern.count
        return Match(start: start, end: end, score: score(text, pattern, fold: fold, from: start, to: end))
    }

    /// `pattern` at the end of `text` (before its trailing spaces, unless it ends with one).
    static func suffix<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Match? {
        var end = text.count
        if pattern.last.map({ !C.isSpace($0) }) ?? true { end -= trailingSpaces(text) }
        guard !pattern.isEmpty else { return Match(start: end, end: end, score: 0) }
        let start = end - pattern.count
        guard start >= 0, equal(text, pattern, at: start, fold: fold) else { return nil }
        return Match(start: start, end: end, score: score(text, pattern, fold: fold, from: start, to: end))
    }

    /// `pattern` as the whole of `text` (but its spaces at either end, unless the pattern has one there).
    static func whole<T: FuzzyText>(_ text: T, _ pattern: [UInt32], fold: FuzzyFold) -> Match? {
        guard let first = pattern.first, let last = pattern.last else { return nil }
        let start = C.isSpace(first) ? 0 : leadingSpaces(text)
        let trailing = C.isSpace(last) ? 0 : trailingSpaces(text)
        guard text.count - start - trailing == pattern.count, equal(text, pattern, at: start, fold: fold) else {
            return nil
        }
        let score = (C.scoreMatch + C.bonusBoundaryWhite) * pattern.count + (C.bonusFirstCharMultiplier - 1) * C.bonusBoundaryWhite
        return Match(start: start, end: start + pattern.count, score: score)
    }
}
