/// Identity keys of items, for comparing one refresh's result with the next and for keeping
/// the place: an article's id, or a 64-bit hash of a line's text (the text as the list shows
/// it: invalid UTF-8 read as U+FFFD, the line end and a `\r` before it left out). Two lines
/// with the same text have the same key; two different lines share one only by a hash
/// collision (about one chance in 2^64 per pair). Keys are seeded per process: never store them.
package enum ItemKeys {
    /// The key of a line of text.
    package static func key(ofLine line: String) -> UInt64 {
        var line = line
        return line.withUTF8 { hash($0) }
    }

    /// The key of an article.
    package static func key(ofArticle id: Int) -> UInt64 { UInt64(bitPattern: Int64(id)) }

    /// The keys of a page's items, in the order the reactor adds them (its `items`, then its
    /// `lines`).
    static func keys(of page: Page) -> [UInt64] {
        var keys: [UInt64] = []
        keys.reserveCapacity(page.count)
        for item in page.items {
            switch item {
            case .article(let article): keys.append(key(ofArticle: article.id))
            case .line(let line): keys.append(key(ofLine: line))
            }
        }
        appendKeys(of: page.lines, to: &keys)
        return keys
    }

    /// Appends the keys of `lines`, reading the bytes they hold in memory without making
    /// strings of them (only lines with non-ASCII bytes are decoded, so that a key is always
    /// the key of the text shown).
    static func appendKeys(of lines: LineList, from start: Int = 0, to keys: inout [UInt64]) {
        guard start < lines.count else { return }
        if start > 0 {
            for i in start..<lines.count { keys.append(key(ofLine: lines[i])) }
            return
        }
        lines.forEachStoredLine { line in
            switch line {
            case .memory(let bytes):
                keys.append(hash(bytes))
            case .raw(let bytes):
                keys.append(textKey(LineScan.trimmingLineEnd(bytes)))
            case .file(let file, let start, let end):
                keys.append(key(ofLine: file.line(from: start, to: end)))
            case .indexed(let index, let lines):
                for i in lines { keys.append(key(ofLine: index.line(i))) }
            }
        }
    }

    /// Appends the identity key and the text key (`LineIdentity.keys(ofLine:)`) of every line
    /// of `lines`, reading the bytes they hold in memory as `appendKeys` does.
    static func appendKeys(of lines: LineList, identity: LineIdentity, ids: inout [UInt64], texts: inout [UInt64]) {
        ids.reserveCapacity(ids.count + lines.count)
        texts.reserveCapacity(texts.count + lines.count)
        func add(_ keys: (id: UInt64, text: UInt64)) {
            ids.append(keys.id)
            texts.append(keys.text)
        }
        lines.forEachStoredLine { line in
            switch line {
            case .memory(let bytes): add(identity.keys(ofBytes: bytes))
            case .raw(let bytes): add(identity.keys(ofBytes: LineScan.trimmingLineEnd(bytes)))
            case .file(let file, let start, let end): add(identity.keys(ofLine: file.line(from: start, to: end)))
            case .indexed(let index, let lines):
                for i in lines { add(identity.keys(ofLine: index.line(i))) }
            }
        }
    }

    /// The key of the text `bytes` decode to.
    private static func textKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if isASCII(bytes) { return hash(bytes) }
        return key(ofLine: String(decoding: bytes, as: UTF8.self))
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while i + 8 <= n {
                if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
        }
        while i < n {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        hasher.combine(bytes.count)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
