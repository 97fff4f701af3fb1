import DashboardFormat
import Yams

/// Reads a dashboard file's YAML into a `DashboardDocument`, checking its shape: UTF-8 text, one
/// YAML document, a mapping at the top whose `sources:` is a list of mappings, keys that are
/// names. What the keys mean is left to the app.
package enum DashboardYAML {
    /// The largest file read: a dashboard is a few dozen lines.
    package static let sizeLimit = 1 << 20

    /// Only booleans and nulls are told apart from text: a value goes to an option as written
    /// (`every: 0x10` is the option's to refuse, not YAML's to turn into 16).
    private static let resolver = Resolver.basic.appending(.bool).appending(.null)

    /// The document in `bytes`, or why it is not one.
    package static func read(_ bytes: [UInt8]) throws(DashboardProblem) -> DashboardDocument {
        if bytes.count > sizeLimit {
            throw DashboardProblem(line: nil, "more than \(sizeLimit / 1024) KiB: not a dashboard file")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DashboardProblem(line: line(atOffset: firstInvalidUTF8(in: bytes), in: bytes),
                                   "not YAML: not UTF-8 text")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, resolver)
        } catch let error as YamlError {
            throw problem(error, bytes: bytes)
        } catch {
            throw DashboardProblem(line: nil, "not YAML: \(error)")
        }
        guard let root else { return DashboardDocument() }
        guard case .mapping(let mapping) = root else {
            throw DashboardProblem(line: root.mark?.line, "not a dashboard: the top level is \(describe(root)), not keys such as sources: and every:")
        }
        var document = DashboardDocument()
        for (keyNode, value) in mapping {
            let key = try name(of: keyNode)
            let line = keyNode.mark?.line ?? 1
            guard key == "sources" else {
                document.defaults.append(try entry(key, value, line: line))
                continue
            }
            document.sourcesLine = line
            switch value {
            case .scalar where isNull(value):
                break
            case .sequence(let items):
                for item in items {
                    guard case .mapping(let keys) = item else {
                        throw DashboardProblem(line: item.mark?.line ?? line,
                                               "sources: each source is keys such as command: or file:, not \(describe(item))")
                    }
                    var source = DashboardDocument.Source(line: item.mark?.line ?? line, entries: [])
                    for (keyNode, value) in keys {
                        source.entries.append(try entry(try name(of: keyNode), value, line: keyNode.mark?.line ?? source.line))
                    }
                    document.sources.append(source)
                }
            default:
                throw DashboardProblem(line: line, "sources: expected a list of sources (- command: ... or - file: ...), not \(describe(value))")
            }
        }
        return document
    }

    /// Whether YAML reads `node` as no value (`~`, `null`, nothing).
    private static func isNull(_ node: Node) -> Bool {
        node.tag.rawValue == Tag.Name.null.rawValue
    }

    /// A key, which must be a name.
    private static func name(of node: Node) throws(DashboardProblem) -> String {
        guard case .scalar(let scalar) = node else {
            throw DashboardProblem(line: node.mark?.line, "a key must be a name such as every, not \(describe(node))")
        }
        try checkNoNUL(scalar.string, key: scalar.string, line: node.mark?.line)
        return scalar.string
    }

    private static func entry(_ key: String, _ node: Node, line: Int) throws(DashboardProblem) -> DashboardDocument.Entry {
        let value: DashboardDocument.Value
        switch node {
        case .scalar(let scalar):
            if isNull(node) {
                value = .null
            } else {
                value = .text(scalar.string, bool: node.tag.rawValue == Tag.Name.bool.rawValue ? node.bool : nil)
            }
        case .sequence(let items):
            var texts: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item else {
                    value = .structure("a list of \(plural(item))")
                    return DashboardDocument.Entry(key: key, value: value, line: line)
                }
                texts.append(isNull(item) ? "" : scalar.string)
            }
            value = .list(texts)
        case .mapping, .alias:
            value = .structure(describe(node))
        }
        switch value {
        case .text(let text, _): try checkNoNUL(text, key: key, line: line)
        case .list(let texts): for text in texts { try checkNoNUL(text, key: key, line: line) }
        case .null, .structure: break
        }
        return DashboardDocument.Entry(key: key, value: value, line: line)
    }

    private static func checkNoNUL(_ text: String, key: String, line: Int?) throws(DashboardProblem) {
        if text.utf8.contains(0) {
            throw DashboardProblem(line: line, "\(key.utf8.contains(0) ? "a key" : key): a value cannot hold a NUL character")
        }
    }

    /// "a mapping", "a list", "text": what a node is, for a message.
    private static func describe(_ node: Node) -> String {
        switch node {
        case .scalar: "text"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private static func plural(_ node: Node) -> String {
        switch node {
        case .scalar: "texts"
        case .mapping: "mappings"
        case .sequence: "lists"
        case .alias: "aliases"
        }
    }

    /// Yams's error as one line, with its line: libyaml's problem and, where it gives one, what
    /// it was reading ("could not find expected ':' (while scanning a simple key on line 2)").
    private static func problem(_ error: YamlError, bytes: [UInt8]) -> DashboardProblem {
        func context(_ context: YamlError.Context?) -> String {
            guard let context, !context.text.isEmpty else { return "" }
            return " (\(context.text) on line \(context.mark.line))"
        }
        switch error {
        case .scanner(let c, let problem, let mark, _), .parser(let c, let problem, let mark, _), .composer(let c, let problem, let mark, _):
            return DashboardProblem(line: mark.line, "not YAML: \(problem)\(context(c))")
        case .reader(let problem, let offset, _, _):
            return DashboardProblem(line: offset.map { line(atOffset: $0, in: bytes) }, "not YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let c):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return DashboardProblem(line: c.mark.line, "\(keys) is given twice in the same mapping")
        default:
            return DashboardProblem(line: nil, "not YAML: \(error)")
        }
    }

    /// The line (from 1) that holds byte `offset`.
    private static func line(atOffset offset: Int, in bytes: [UInt8]) -> Int {
        bytes.prefix(offset).reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    }

    /// Where the first byte that is not UTF-8 is.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return before
            }
        }
    }
}
