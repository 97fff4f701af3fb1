import DashboardFormat
import DashboardYAML
import Testing

/// A dashboard file's YAML as read: every key with its line, values as written (booleans and
/// nulls told apart), and each way a file is not a dashboard's shape as one message with its line.
struct DashboardYAMLTests {
    func read(_ text: String) throws(DashboardProblem) -> DashboardDocument {
        try DashboardYAML.read(Array(text.utf8))
    }

    func problem(_ text: String) -> DashboardProblem? {
        do throws(DashboardProblem) {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func keysComeWithTheirLinesInTheFilesOrder() throws {
        let document = try read("""
            # ops
            every: 2
            multi: true
            bind: [ctrl-k:refresh, "f2:accept"]
            sources:
              - command: kubectl get pods
                title: "yes"
                every: 0x10
              - file: app.log
                alert: ~
                id:
                color: off
              - {page-command: seq 5}
            """)
        typealias Entry = DashboardDocument.Entry
        #expect(document.defaults == [
            Entry(key: "every", value: .text("2", bool: nil), line: 2),
            Entry(key: "multi", value: .text("true", bool: true), line: 3),
            Entry(key: "bind", value: .list(["ctrl-k:refresh", "f2:accept"]), line: 4),
        ])
        #expect(document.sourcesLine == 5)
        #expect(document.sources == [
            DashboardDocument.Source(line: 6, entries: [
                Entry(key: "command", value: .text("kubectl get pods", bool: nil), line: 6),
                Entry(key: "title", value: .text("yes", bool: nil), line: 7),
                Entry(key: "every", value: .text("0x10", bool: nil), line: 8),
            ]),
            DashboardDocument.Source(line: 9, entries: [
                Entry(key: "file", value: .text("app.log", bool: nil), line: 9),
                Entry(key: "alert", value: .null, line: 10),
                Entry(key: "id", value: .null, line: 11),
                Entry(key: "color", value: .text("off", bool: false), line: 12),
            ]),
            DashboardDocument.Source(line: 13, entries: [
                Entry(key: "page-command", value: .text("seq 5", bool: nil), line: 13),
            ]),
        ])
    }

    @Test func whatNoOptionTakesIsDescribed() throws {
        let document = try read("""
            preview:
              cmd: x
            bind:
              - [a]
            lang: [en]
            """)
        #expect(document.defaults.map(\.value) == [.structure("a mapping"), .structure("a list of lists"), .list(["en"])])
    }

    @Test func anEmptyFileHasNoKeys() throws {
        #expect(try read("") == DashboardDocument())
        #expect(try read("# nothing\n") == DashboardDocument())
        #expect(try read("sources:\n").sourcesLine == 1)
    }

    @Test(arguments: [
        ("every: 2\nsources:\n  - command: a\n   every: 1\n", 4, "not YAML: did not find expected '-' indicator (while parsing a block collection on line 3)"),
        ("every: 2\nsources:\n  - command: a: b\n", 3, "not YAML: mapping values are not allowed in this context"),
        ("sources:\n  - command: 'a\n", 3, "not YAML: found unexpected end of stream (while scanning a quoted scalar on line 2)"),
        ("every: 1\n---\nevery: 2\n", 2, "not YAML: but found another document (expected a single document in the stream on line 1)"),
        ("every: 1\nevery: 2\n", 1, "'every' is given twice in the same mapping"),
        ("- command: a\n", 1, "not a dashboard: the top level is a list, not keys such as sources: and every:"),
        ("hello world\n", 1, "not a dashboard: the top level is text, not keys such as sources: and every:"),
        ("\n\nsources: date\n", 3, "sources: expected a list of sources (- command: ... or - file: ...), not text"),
        ("sources:\n  command: date\n", 1, "sources: expected a list of sources (- command: ... or - file: ...), not a mapping"),
        ("sources:\n  - date\n", 2, "sources: each source is keys such as command: or file:, not text"),
        ("[a]: 1\n", 1, "a key must be a name such as every, not a list"),
        ("title: \"a\\0b\"\n", 1, "title: a value cannot hold a NUL character"),
        ("every: 1\ntitle: \"\u{01}\"\n", 2, "not YAML: control characters are not allowed"),
    ] as [(String, Int, String)])
    func shapeErrorsSayWhatAndWhere(text: String, line: Int, message: String) {
        #expect(problem(text) == DashboardProblem(line: line, message))
    }

    @Test func bytesThatAreNotUTF8AreNotYAML() {
        let bytes = Array("every: 2\ntitle: ".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        #expect(throws: DashboardProblem(line: 2, "not YAML: not UTF-8 text")) { try DashboardYAML.read(bytes) }
    }

    @Test func aFileOverTheLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: DashboardYAML.sizeLimit + 1)
        #expect(throws: DashboardProblem(line: nil, "more than 1024 KiB: not a dashboard file")) { try DashboardYAML.read(bytes) }
    }
}
