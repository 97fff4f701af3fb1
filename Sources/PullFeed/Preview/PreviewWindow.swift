/// Where the preview pane goes and how big it is (`--preview-window`): `right` (the default) or
/// `down`, a size of `N%` of the room or `N` columns (right) or rows (down), and `hidden` to
/// start with the pane closed, joined with `:` in any order (`right:50%`, `down:40%:hidden`).
package struct PreviewWindow: Sendable, Equatable {
    /// The side of the list the pane is on.
    package enum Position: String, Sendable, Equatable {
        case right, down
    }

    /// How big the pane is.
    package enum Extent: Sendable, Equatable {
        /// This percentage of the room (1 to 99).
        case percent(Int)
        /// This many columns (right) or rows (down).
        case cells(Int)
    }

    package var position: Position = .right
    package var extent: Extent = .percent(50)
    /// Whether the pane starts closed.
    package var startsHidden = false

    /// Why a text is not a preview window.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The default: right, half the width, open.
    package init() {}

    package init(position: Position, extent: Extent, startsHidden: Bool = false) {
        self.position = position
        self.extent = extent
        self.startsHidden = startsHidden
    }

    /// Parses `text`: items joined by `:`, each a position, a size or `hidden`, each at most once.
    package init(parsing text: String) throws(ParseError) {
        guard !text.isEmpty else { throw ParseError(description: "is empty (use right:50%, down:40% or hidden)") }
        var seen: Set<String> = []
        for item in text.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
            let kind: String
            if let position = Position(rawValue: item) {
                self.position = position
                kind = "position"
            } else if item == "hidden" {
                startsHidden = true
                kind = "hidden"
            } else if let extent = try Self.extent(item) {
                self.extent = extent
                kind = "size"
            } else {
                throw ParseError(description: "'\(item)' is not right, down, hidden or a size (N% or N)")
            }
            guard seen.insert(kind).inserted else { throw ParseError(description: "'\(text)' gives the \(kind) twice") }
        }
    }

    /// The size `item` gives, nil when it is not a number (with or without `%`).
    private static func extent(_ item: String) throws(ParseError) -> Extent? {
        let isPercent = item.hasSuffix("%")
        let digits = isPercent ? String(item.dropLast()) : item
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let value = Int(digits), value <= 10_000 else { throw ParseError(description: "size '\(item)' is too big") }
        if isPercent {
            guard (1...99).contains(value) else { throw ParseError(description: "size '\(item)' must be between 1% and 99%") }
            return .percent(value)
        }
        guard value >= 1 else { throw ParseError(description: "size '\(item)' must be at least 1") }
        return .cells(value)
    }

    /// The pane's size out of `room` columns or rows.
    func size(outOf room: Int) -> Int {
        switch extent {
        case .percent(let percent): room * percent / 100
        case .cells(let cells): cells
        }
    }
}
