/// How `pullfeed-dashboard` hands a dashboard file, as it read it, to `pullfeed`: fields that
/// each end with a NUL byte (no YAML value can hold one: the reader refuses it), five to a
/// record: kind, source, key, line, value.
///
/// The first record names the format (`format`, value `1`), so a reader from another version
/// is noticed. Then either one `problem` record (its line, or empty, and the message), or the
/// document: a `sources` record (the line of `sources:`), a `source` record for each item of it
/// (its index and line), and a record for each key, in the file's order, whose source field is
/// the index of its source or empty at the top level and whose kind is its value's: `text`,
/// `true` or `false` (text that YAML reads as that boolean), `null`, `structure` (the value
/// describes it), or `list`, whose value is a count of `item` records that follow.
package enum DashboardRecords {
    /// The version of the format, written first.
    package static let version = "1"

    /// The records of what was read.
    package static func encode(_ result: Result<DashboardDocument, DashboardProblem>) -> [UInt8] {
        var bytes: [UInt8] = []
        func record(_ kind: String, source: Int? = nil, key: String = "", line: Int? = nil, value: String = "") {
            for field in [kind, source.map(String.init) ?? "", key, line.map(String.init) ?? "", value] {
                bytes.append(contentsOf: field.utf8)
                bytes.append(0)
            }
        }
        record("format", value: version)
        switch result {
        case .failure(let problem):
            record("problem", line: problem.line, value: problem.message)
        case .success(let document):
            if let line = document.sourcesLine { record("sources", line: line) }
            func entries(_ entries: [DashboardDocument.Entry], source: Int?) {
                for entry in entries {
                    switch entry.value {
                    case .text(let text, let bool):
                        record(bool.map { $0 ? "true" : "false" } ?? "text", source: source, key: entry.key, line: entry.line, value: text)
                    case .null:
                        record("null", source: source, key: entry.key, line: entry.line)
                    case .structure(let description):
                        record("structure", source: source, key: entry.key, line: entry.line, value: description)
                    case .list(let items):
                        record("list", source: source, key: entry.key, line: entry.line, value: String(items.count))
                        for item in items { record("item", source: source, key: entry.key, line: entry.line, value: item) }
                    }
                }
            }
            entries(document.defaults, source: nil)
            for (index, source) in document.sources.enumerated() {
                record("source", source: index, line: source.line)
                entries(source.entries, source: index)
            }
        }
        return bytes
    }

    /// Why records cannot be read: they are cut, or from another version of the format.
    package struct DecodeError: Error, Equatable, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// What `encode` wrote.
    package static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Result<DashboardDocument, DashboardProblem> {
        guard bytes.last == 0 || bytes.isEmpty else { throw DecodeError(description: "the output is cut short") }
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        guard fields.count % 5 == 0, fields.count >= 5 else { throw DecodeError(description: "the output is cut short") }
        let records = stride(from: 0, to: fields.count, by: 5).map { Array(fields[$0..<$0 + 5]) }
        guard records[0][0] == "format", records[0][4] == version else {
            throw DecodeError(description: "its format is not version \(version)")
        }
        func line(_ field: String) throws(DecodeError) -> Int {
            guard let line = Int(field), line > 0 else { throw DecodeError(description: "'\(field)' is not a line number") }
            return line
        }
        if records.count == 2, records[1][0] == "problem" {
            return .failure(DashboardProblem(line: records[1][3].isEmpty ? nil : try line(records[1][3]), records[1][4]))
        }
        var document = DashboardDocument()
        var index = 1
        while index < records.count {
            let record = records[index]
            index += 1
            let (kind, source, key, lineField, value) = (record[0], record[1], record[2], record[3], record[4])
            let entryValue: DashboardDocument.Value
            switch kind {
            case "sources":
                guard document.sourcesLine == nil else { throw DecodeError(description: "sources is given twice") }
                document.sourcesLine = try line(lineField)
                continue
            case "source":
                guard Int(source) == document.sources.count else { throw DecodeError(description: "source \(source) is out of order") }
                document.sources.append(DashboardDocument.Source(line: try line(lineField), entries: []))
                continue
            case "text": entryValue = .text(value, bool: nil)
            case "true": entryValue = .text(value, bool: true)
            case "false": entryValue = .text(value, bool: false)
            case "null": entryValue = .null
            case "structure": entryValue = .structure(value)
            case "list":
                guard let count = Int(value), count >= 0, index + count <= records.count,
                      records[index..<index + count].allSatisfy({ $0[0] == "item" && $0[1] == source && $0[2] == key })
                else { throw DecodeError(description: "the list of \(key) is cut short") }
                entryValue = .list(records[index..<index + count].map { $0[4] })
                index += count
            default:
                throw DecodeError(description: "'\(kind)' is not a kind of record")
            }
            let entry = DashboardDocument.Entry(key: key, value: entryValue, line: try line(lineField))
            if source.isEmpty {
                document.defaults.append(entry)
            } else {
                guard Int(source) == document.sources.count - 1 else { throw DecodeError(description: "a key of source \(source) is out of order") }
                document.sources[document.sources.count - 1].entries.append(entry)
            }
        }
        return .success(document)
    }
}
