/// The characters too long for a `ScreenWriter.Cell`'s eight bytes, or wider than two
/// columns (an Indic conjunct, a decomposed Hangul syllable, a letter under many marks), and
/// emoji sequences: each is stored once, and its cell holds `marker` with the entry's index.
///
/// An emoji sequence is drawn over blanks (`isOverBlanks`): terminals give the same one
/// different widths (a thumb with a skin tone is four columns in tmux 3.3, two in terminals
/// that draw it as one picture), so its columns are blanked first and the cursor is placed
/// again after it, and the row lines up whatever width up to its columns the terminal gives it.
///
/// Equal characters get the same index, so cells still compare as two integers. Entries no
/// row refers to any more are dropped by `compact(keeping:)`, which renumbers the rows' cells.
struct ClusterStore {
    /// The top byte of a cell's `bytes` when they name an entry: 0xFF starts no UTF-8
    /// sequence, so no character packed in the cell can have it.
    static let marker: UInt64 = 0xFF << 56

    private var entries: [Entry] = []
    private var indices: [[UInt8]: Int] = [:]

    private struct Entry {
        var bytes: [UInt8]
        var columns: Int
        var overBlanks: Bool
    }

    var count: Int { entries.count }

    static func isStored(_ bytes: UInt64) -> Bool { bytes >> 56 == 0xFF }

    /// The cell bytes that name `bytes`, a character the terminal draws over `columns` columns
    /// (with `overBlanks`, at most `columns`).
    mutating func cellBytes(for bytes: [UInt8], columns: Int, overBlanks: Bool = false) -> UInt64 {
        if let index = indices[bytes] { return Self.marker | UInt64(index) }
        let index = entries.count
        entries.append(Entry(bytes: bytes, columns: columns, overBlanks: overBlanks))
        indices[bytes] = index
        return Self.marker | UInt64(index)
    }

    /// The UTF-8 of a stored character (`isStored(cellBytes)`).
    func bytes(of cellBytes: UInt64) -> [UInt8] {
        entries[Int(truncatingIfNeeded: cellBytes & ~Self.marker)].bytes
    }

    /// The columns the terminal gives a stored character.
    func columns(of cellBytes: UInt64) -> Int {
        entries[Int(truncatingIfNeeded: cellBytes & ~Self.marker)].columns
    }

    /// Whether a stored character is drawn over blanks, the cursor placed again after it.
    func isOverBlanks(_ cellBytes: UInt64) -> Bool {
        entries[Int(truncatingIfNeeded: cellBytes & ~Self.marker)].overBlanks
    }

    /// Keeps only the entries `rows` refer to, renumbering their cells.
    mutating func compact(keeping rows: inout [[ScreenWriter.Cell]]) {
        var kept: [Entry] = []
        var renumbered: [Int: Int] = [:]
        indices.removeAll(keepingCapacity: true)
        for r in rows.indices {
            for c in rows[r].indices where Self.isStored(rows[r][c].bytes) {
                let old = Int(truncatingIfNeeded: rows[r][c].bytes & ~Self.marker)
                let new: Int
                if let known = renumbered[old] {
                    new = known
                } else {
                    new = kept.count
                    kept.append(entries[old])
                    renumbered[old] = new
                    indices[entries[old].bytes] = new
                }
                rows[r][c].bytes = Self.marker | UInt64(new)
            }
        }
        entries = kept
    }
}
