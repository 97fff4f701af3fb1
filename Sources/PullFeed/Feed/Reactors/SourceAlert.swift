/// A new line that matched a source's `--alert`: the status line says `Alert: TITLE: LINE`
/// until a key is pressed, and the terminal's bell rings once.
package struct SourceAlert: Equatable, Sendable {
    /// The source's title.
    package var title: String
    package var line: String

    package init(title: String, line: String) {
        self.title = title
        self.line = line
    }
}
