/// Which fields of a line make its identity (`--id`), in fzf's field syntax: a comma-separated
/// list of `N` (field N, counted from 1), `-N` (the Nth from the end), `N..M`, `N..`, `..M`
/// (ranges, ends included; either end may count from the end) and `..` (every field).
package struct FieldSelection: Sendable, Equatable {
    /// One item of the list: the fields from `from` to `to`, 1-based; negative counts from
    /// the end (-1 is the last); nil is the first (for `from`) or the last (for `to`).
    package struct Range: Sendable, Equatable {
        package var from: Int?
        package var to: Int?
    }

    /// The items, in the order written (the identity is their fields in that order).
    package var ranges: [Range]

    /// Why a text is not a field selection.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// Parses `text` (`1`, `2,4`, `-1`, `2..`, `..3`, `2..4`). Blanks around items are not allowed,
    /// nor field 0, an empty item, or a range whose ends are on the same side and in reverse
    /// (`3..1`).
    package init(parsing text: String) throws(ParseError) {
        guard !text.isEmpty else { throw ParseError(description: "is empty (give fields such as 1, 2,4, -1 or 2..)") }
        var ranges: [Range] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(item)
            guard !item.isEmpty else { throw ParseError(description: "'\(text)' has an empty item") }
            if let dots = item.firstRange(of: "..") {
                let from = try Self.index(String(item[..<dots.lowerBound]), in: item, optional: true)
                let to = try Self.index(String(item[dots.upperBound...]), in: item, optional: true)
                if let from, let to, (from > 0) == (to > 0), from > to {
                    throw ParseError(description: "'\(item)' selects no field (its start is after its end)")
                }
                ranges.append(Range(from: from, to: to))
            } else {
                let index = try Self.index(item, in: item, optional: false)
                ranges.append(Range(from: index, to: index))
            }
        }
        self.ranges = ranges
    }

    /// A field number of `item`: a nonzero whole number, or nothing where `optional`.
    private static func index(_ text: String, in item: String, optional: Bool) throws(ParseError) -> Int? {
        if text.isEmpty, optional { return nil }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            throw ParseError(description: "'\(item)' is not a field (use N, -N, N.., ..N or N..M, fields counted from 1)")
        }
        guard value != 0 else { throw ParseError(description: "'\(item)': fields are counted from 1 (or from -1 at the end), not 0") }
        return value
    }

    /// Whether the selection is only field 1 (`--id 1`, the common case, found without
    /// splitting the rest of the line).
    var isFirstFieldOnly: Bool { ranges == [Range(from: 1, to: 1)] }

    /// The 0-based field indices of `range` in a line of `count` fields (empty when it selects
    /// none of them).
    func indices(of range: Range, fieldCount count: Int) -> Swift.Range<Int> {
        func resolve(_ n: Int) -> Int { n > 0 ? n - 1 : count + n }
        let from = max(0, range.from.map(resolve) ?? 0)
        let to = min(count - 1, range.to.map(resolve) ?? count - 1)
        return from <= to ? from..<(to + 1) : 0..<0
    }
}
