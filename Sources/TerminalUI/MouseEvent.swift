/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// A mouse action at a cell. `row` and `column` are 0-based screen coordinates.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        case press(MouseButton)
        /// A button went up (the protocols do not always say which).
        case release
        case wheelUp
        case wheelDown
        /// Movement with a button held (only sent when the terminal reports motion).
        case drag(MouseButton)
    }

    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
