/// Everything the run loop hands to the app: a key, a mouse action, or a new terminal size.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
}
