import SearchEngine

/// A data source that can hand out a `ListTextSnapshot` of its rows cheaply (without building
/// every row), for sources with many rows. Other sources are snapshotted row by row.
public protocol TextSnapshotProviding: ListDataSource {
    func textSnapshot() -> any ListTextSnapshot
}

extension ListDataSource {
    /// A snapshot of the rows' texts: the source's own if it provides one, else a copy of
    /// every row's text (fine for the rows a program keeps in memory).
    public func makeTextSnapshot() -> any ListTextSnapshot {
        if let provider = self as? any TextSnapshotProviding { return provider.textSnapshot() }
        var texts: [String] = []
        var headers: [Int] = []
        texts.reserveCapacity(rowCount)
        for i in 0..<rowCount {
            let row = row(at: i)
            texts.append(row.text)
            if row.kind == .sectionHeader { headers.append(i) }
        }
        return StringsTextSnapshot(texts: texts, sectionHeaders: headers)
    }
}
