import SearchEngine

/// The filters computed while the user types, kept so the next text starts from the best of
/// them: a deleted character goes back to the shorter text's result at once (no walk), and a
/// longer text walks only the rows a text it refines kept.
///
/// A result is for the first `through` rows; one for fewer rows than the list has now is not
/// used. Each result is a `RowSet` (a bit per row: 125 KB for a million rows); at most
/// `capacity` results are kept, the oldest going first. A ranked result's order costs 8 bytes a
/// row: only the newest `rankingCapacity` keep theirs (an older one still narrows a walk).
struct FilterResults {
    struct Result {
        var pattern: TextPattern
        var matches: RowSet
        var through: Int
        /// Their order, for a ranked (fuzzy) filter.
        var ranking: FilterRanking?
    }

    static let capacity = 16
    static let rankingCapacity = 4

    private var results: [Result] = []

    /// Keeps `matches`, the rows `pattern` matches among the first `through` (ranked as
    /// `ranking` says, when it ranks them).
    mutating func keep(_ pattern: TextPattern, matches: RowSet, through: Int, ranking: FilterRanking? = nil) {
        results.removeAll { $0.pattern == pattern }
        results.append(Result(pattern: pattern, matches: matches, through: through, ranking: ranking))
        if results.count > Self.capacity { results.removeFirst() }
        var ranked = 0
        for i in results.indices.reversed() where results[i].ranking != nil {
            ranked += 1
            if ranked > Self.rankingCapacity { results[i].ranking = nil }
        }
    }

    /// The result for `pattern` itself if it is kept, else the smallest kept result of a
    /// pattern it refines (every match of `pattern` is among its rows), for `through` rows.
    func best(for pattern: TextPattern, through: Int) -> Result? {
        let usable = results.filter { $0.through == through }
        if let same = usable.first(where: { $0.pattern == pattern }) { return same }
        return usable.filter { pattern.refines($0.pattern) }.min { $0.matches.count < $1.matches.count }
    }

    mutating func removeAll() { results.removeAll() }
}
