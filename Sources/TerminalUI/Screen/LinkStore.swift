/// The hyperlinks `ScreenWriter`'s cells are in: each URI once, its index (1–255) in the
/// cells' packed style (`PackedStyle.linkMask`), so cells still compare as two integers and
/// rows without links cost nothing more.
///
/// When all 255 are taken, a new link is refused (its text is drawn without it) and
/// `needsCompaction` says so; `compact(keeping:)` then keeps only the links the rows still
/// show. So at most 255 different links are on screen at once.
struct LinkStore {
    /// The most links kept at once (index 0 is "no link").
    static let capacity = 255

    private var uris: [String] = [""]
    private var indices: [String: UInt64] = [:]
    /// How many were kept at the last compaction: the next one waits for as many more again.
    private var keptAtCompaction = 0
    /// Whether a link was refused since the last compaction.
    private var refused = false

    /// The links kept, "no link" not counted.
    var count: Int { uris.count - 1 }

    /// Whether the rows should be compacted before more links are drawn.
    var needsCompaction: Bool { refused || count >= max(64, 2 * keptAtCompaction) }

    /// The index of `uri`, kept if new; 0 (no link) when the store is full.
    mutating func index(of uri: String) -> UInt64 {
        if let known = indices[uri] { return known }
        guard count < Self.capacity else {
            refused = true
            return 0
        }
        let index = UInt64(uris.count)
        uris.append(uri)
        indices[uri] = index
        return index
    }

    /// The URI a packed style's cells link to, or nil.
    func uri(ofPacked style: UInt64) -> String? {
        let index = style & PackedStyle.linkMask
        return index == 0 ? nil : uris[Int(index >> PackedStyle.linkShift)]
    }

    /// Keeps only the links `rows` show, renumbering their cells.
    mutating func compact(keeping rows: inout [[ScreenWriter.Cell]]) {
        var kept = [""]
        var renumbered: [UInt64: UInt64] = [:]
        indices.removeAll(keepingCapacity: true)
        for r in rows.indices {
            rows[r].withUnsafeMutableBufferPointer { cells in
                for c in cells.indices where cells[c].style & PackedStyle.linkMask != 0 {
                    let old = cells[c].style & PackedStyle.linkMask
                    let new: UInt64
                    if let known = renumbered[old] {
                        new = known
                    } else {
                        let uri = uris[Int(old >> PackedStyle.linkShift)]
                        new = UInt64(kept.count) << PackedStyle.linkShift
                        kept.append(uri)
                        indices[uri] = new >> PackedStyle.linkShift
                        renumbered[old] = new
                    }
                    cells[c].style = cells[c].style & ~PackedStyle.linkMask | new
                }
            }
        }
        uris = kept
        keptAtCompaction = count
        refused = false
    }
}
