import TerminalUI

/// The filters computed while the user types, kept so the next text starts from the best of
/// them: a deleted character goes back to the shorter text's result at once (no walk), and a
/// longer text walks only the rows a text it refines kept.
///
/// A result is for the first `through` rows; one for fewer rows than the list has now is not
/// used. The results kept hold at most `capacity` row numbers in all; the oldest go first.
struct FilterResults {
    struct Result {
        var pattern: TextPattern
        var matches: [Int]
        var through: Int
    }

    static let capacity = 4_000_000

    private var results: [Result] = []

    /// Keeps `matches`, the rows `pattern` matches among the first `through`.
    mutating func keep(_ pattern: TextPattern, matches: [Int], through: Int) {
        results.removeAll { $0.pattern == pattern }
        results.append(Result(pattern: pattern, matches: matches, through: through))
        var total = results.reduce(0) { $0 + $1.matches.count }
        while total > Self.capacity, results.count > 1 {
            total -= results.removeFirst().matches.count
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
