extension String {
    /// Whether both strings hold exactly the same UTF-8 bytes. Unlike `==` it never compares
    /// by canonical equivalence, so it is a plain memory comparison for any text (a cache
    /// must not mistake "é" for "e\u{301}" anyway: they are drawn differently).
    func hasSameBytes(as other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        let fast = a.withContiguousStorageIfAvailable { pa in
            b.withContiguousStorageIfAvailable { pb in pa.elementsEqual(pb) }
        }
        return (fast ?? nil) ?? a.elementsEqual(b)
    }
}
