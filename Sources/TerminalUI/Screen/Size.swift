/// A terminal or canvas size in character cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width in cells; never negative when made with `init(columns:rows:)`.
    public var columns: Int
    /// The height in cells (lines); never negative when made with `init(columns:rows:)`.
    public var rows: Int

    /// A size of `columns` × `rows` cells; negative values are clamped to 0.
    ///
    /// - Parameters:
    ///   - columns: the width in cells.
    ///   - rows: the height in cells.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public var description: String { "\(columns)×\(rows)" }
}
