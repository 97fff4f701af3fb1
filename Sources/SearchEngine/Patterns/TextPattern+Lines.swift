extension TextPattern {
    /// Calls `found` with the number (0 for the first) of each line of `block` whose visible
    /// text matches, in order, until it returns false; returns false if it did. `block` holds
    /// whole lines, each ended by `\n` but perhaps the last (a `\r` before a `\n` is not part
    /// of its line).
    ///
    /// This is how a filter keeps up with typing over a million lines: when every line of the
    /// block is shown as its bytes (no escape, control or tab in it), the block is searched as
    /// one text (`memchr` for literal text, one `regexec` call for an expression) and only the
    /// lines with a hit are looked at; otherwise each line is checked on its own.
    @discardableResult
    public func forEachMatchingLine(in block: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Bool) -> Bool {
        forEachMatchingLine(in: block, mayNeedConversion: VisibleLine.blockMayNeedConversion(block), found)
    }

    /// `forEachMatchingLine(in:_:)` for a block whose lines the caller has already looked at
    /// (`LineBytes.hasSpecialBytes`): false for `mayNeedConversion` means every line is drawn as its bytes.
    @discardableResult
    package func forEachMatchingLine(in block: UnsafeBufferPointer<UInt8>, mayNeedConversion: Bool,
                                     _ found: (Int) -> Bool) -> Bool {
        guard !block.isEmpty else { return true }
        if mayNeedConversion || fuzzy != nil { return forEachLine(in: block, found) }
        if let regex {
            return regex.withSearchable(block) { searchable in
                let block = searchable.bytes
                if let required {
                    var search = LiteralNeedle.Search(needle: required, text: block)
                    return forEachHit(in: block, next: { search.next(from: $0) }, check: { line in
                        searchable.firstMatch(in: line) != nil
                    }, found)
                }
                return forEachHit(in: block, next: { searchable.firstMatch(in: $0..<block.count)?.lowerBound }, check: nil, found)
            }
        }
        guard let needle else { return true }
        if foldsUnicode { return forEachLine(in: block, found) }
        var search = LiteralNeedle.Search(needle: needle, text: block)
        return forEachHit(in: block, next: { search.next(from: $0) }, check: nil, found)
    }

    /// Each line on its own: `matches(utf8:)`.
    private func forEachLine(in block: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Bool) -> Bool {
        var start = 0
        var line = 0
        while start < block.count {
            let end = LineBytes.newline(in: block, from: start).map { $0 + 1 } ?? block.count
            if matches(utf8: LineBytes.trimmingLineEnd(UnsafeBufferPointer(rebasing: block[start..<end]))), !found(line) {
                return false
            }
            line += 1
            start = end
        }
        return true
    }

    /// The lines where `next(from)` (the first hit at or after a line start) finds a hit, and
    /// `check` (given the line's range, without its end) agrees.
    private func forEachHit(in block: UnsafeBufferPointer<UInt8>, next: (Int) -> Int?,
                            check: ((Range<Int>) -> Bool)?, _ found: (Int) -> Bool) -> Bool {
        var lineStart = 0
        var line = 0
        while lineStart < block.count, let hit = next(lineStart) {
            // A hit can only be at or after `lineStart`; an empty match at the very end of a
            // block that ends with a newline belongs to no line.
            guard hit < block.count || block.last != LineBytes.newline else { break }
            if hit > lineStart, let last = LineBytes.lastNewline(in: block, from: lineStart, to: hit) {
                line += LineBytes.countNewlines(in: block, from: lineStart, to: last + 1)
                lineStart = last + 1
            }
            let newline = LineBytes.newline(in: block, from: hit)
            let lineEnd = newline ?? block.count
            if check?(lineStart..<lineEnd) ?? true, !found(line) { return false }
            guard let newline else { break }
            lineStart = newline + 1
            line += 1
        }
        return true
    }
}
