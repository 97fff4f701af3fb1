/// Which sections of a grouped line source are folded (shown as their header row only), by
/// name, so a fold outlives refreshes, searches and filters. A section that first arrives
/// later is open. `nil` names the last section, `Other`.
package struct SectionFolds: Equatable, Sendable {
    package private(set) var folded: Set<String?> = []

    package init() {}

    package func isFolded(_ name: String?) -> Bool { folded.contains(name) }

    /// Folds `name` if it is open, else unfolds it.
    package mutating func toggle(_ name: String?) {
        if folded.remove(name) == nil { folded.insert(name) }
    }

    package mutating func unfold(_ name: String?) {
        folded.remove(name)
    }

    /// Folds every one of `names` but `kept`, and opens `kept`.
    package mutating func foldAll<Names: Sequence>(_ names: Names, except kept: String?) where Names.Element == String? {
        folded = Set(names)
        folded.remove(kept)
    }

    package mutating func unfoldAll() {
        folded = []
    }
}
