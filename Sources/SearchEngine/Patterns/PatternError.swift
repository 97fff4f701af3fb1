/// Why a search or filter text is not a valid pattern: the reason in the words of the
/// regular-expression library (`Unmatched ( or \(`) or ours (back-references are refused).
public struct PatternError: Error, Equatable, Sendable {
    /// What is wrong, for the status line's `Invalid pattern: …`.
    public let reason: String

    /// An error saying `reason`.
    public init(reason: String) {
        self.reason = reason
    }
}
