/// Everything the run loop hands to the app: a key, a mouse action, pasted text, or a new
/// terminal size.
public enum InputEvent: Hashable, Sendable {
    /// A key the user typed.
    case key(Key)
    /// A mouse button pressed or released, a wheel notch, or a drag.
    case mouse(MouseEvent)
    /// Text the user pasted (bracketed paste), whole and as it came: never keys. It may hold
    /// newlines, control characters and invalid UTF-8 (as U+FFFD).
    case paste(String)
    /// The terminal's new size, in columns and rows.
    case resize(Size)
}

extension InputEvent {
    /// Whether the user typed, pasted or clicked (not a resize).
    public var isInput: Bool {
        if case .resize = self { return false }
        return true
    }
}
