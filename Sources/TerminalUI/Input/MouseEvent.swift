/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The left (primary) button.
    case left
    /// The middle button (often a pressed wheel).
    case middle
    /// The right (secondary) button.
    case right
}

/// A mouse action at a cell. `row` and `column` are 0-based screen coordinates.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// This button went down.
        case press(MouseButton)
        /// A button went up (the protocols do not always say which).
        case release
        /// One notch of the wheel away from the user (scroll up).
        case wheelUp
        /// One notch of the wheel towards the user (scroll down).
        case wheelDown
        /// Movement with a button held (only sent when the terminal reports motion).
        case drag(MouseButton)
    }

    /// What happened.
    public var kind: Kind
    /// The screen row of the cell, 0 at the top (the terminal reports 1-based rows; the
    /// decoder converts).
    public var row: Int
    /// The screen column of the cell, 0 at the left.
    public var column: Int

    /// - Parameters:
    ///   - kind: what happened.
    ///   - row: the 0-based screen row.
    ///   - column: the 0-based screen column.
    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
