/// A terminal or canvas size in character cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public var description: String { "\(columns)×\(rows)" }
}
