import DashboardFormat
import Testing

/// The records `pullfeed-dashboard` prints and `pullfeed` reads: what is written is read back
/// whole, whatever the text holds, and output that is cut or from another version is refused.
struct DashboardRecordsTests {
    typealias Entry = DashboardDocument.Entry

    static let document = DashboardDocument(
        defaults: [
            Entry(key: "every", value: .text("2", bool: nil), line: 1),
            Entry(key: "multi", value: .text("yes", bool: true), line: 2),
            Entry(key: "color", value: .text("false", bool: false), line: 3),
            Entry(key: "bind", value: .list(["a:b", "", "c,d"]), line: 4),
            Entry(key: "wrap", value: .list([]), line: 5),
            Entry(key: "preview", value: .structure("a mapping"), line: 6),
        ],
        sourcesLine: 8,
        sources: [
            DashboardDocument.Source(line: 9, entries: [
                Entry(key: "command", value: .text("printf 'a\\tb\\n' | sort\n# 中文", bool: nil), line: 9),
                Entry(key: "alert", value: .null, line: 10),
            ]),
            DashboardDocument.Source(line: 11, entries: []),
            DashboardDocument.Source(line: 12, entries: [Entry(key: "file", value: .text("", bool: nil), line: 12)]),
        ])

    @Test func aDocumentIsReadBackWhole() throws {
        let bytes = DashboardRecords.encode(.success(Self.document))
        #expect(try DashboardRecords.decode(bytes) == .success(Self.document))
        #expect(try DashboardRecords.decode(DashboardRecords.encode(.success(DashboardDocument()))) == .success(DashboardDocument()))
    }

    @Test func aProblemIsReadBackWithItsLineOrNone() throws {
        for problem in [DashboardProblem(line: 3, "not YAML: x"), DashboardProblem(line: nil, "more than 1024 KiB")] {
            #expect(try DashboardRecords.decode(DashboardRecords.encode(.failure(problem))) == .failure(problem))
        }
    }

    @Test func cutOrForeignOutputIsRefused() {
        let bytes = DashboardRecords.encode(.success(Self.document))
        let cuts = [Array(bytes.dropLast()), Array(bytes.dropLast(6)), [], Array("format\0\0\0\0".utf8)]
        for cut in cuts {
            #expect(throws: DashboardRecords.DecodeError.self) { try DashboardRecords.decode(cut) }
        }
        let otherVersion = Array("format\0\0\0\02\0".utf8)
        #expect(throws: DashboardRecords.DecodeError(description: "its format is not version 1")) {
            try DashboardRecords.decode(otherVersion)
        }
        let unknownKind = Array("format\0\0\0\01\0colour\0\0every\01\02\0".utf8)
        #expect(throws: DashboardRecords.DecodeError(description: "'colour' is not a kind of record")) {
            try DashboardRecords.decode(unknownKind)
        }
        let shortList = Array("format\0\0\0\01\0list\0\0bind\01\02\0item\0\0bind\01\0a\0".utf8)
        #expect(throws: DashboardRecords.DecodeError(description: "the list of bind is cut short")) {
            try DashboardRecords.decode(shortList)
        }
    }
}
