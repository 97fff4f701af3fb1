import Foundation
import Testing
@testable import PullFeed

/// The last-updated file's own JSON reader and writer, checked against Foundation's coders.
@Suite struct LastUpdatedJSONTests {
    /// Names with what JSON must escape or may escape, and numbers of every form a date takes.
    static let names = ["0123456789abcdef", "file:/home/u/a b.txt", "quote\"back\\slash", "tab\tnew\nline",
                        "\u{01}\u{1F}", "日本語", "emoji 🎉", "", "command:ls -la /tmp"]
    static let values: [Double] = [0, 1, -1, 1_732_500_000, 1_732_500_000.123_456, 0.1, 1e-7, 2.5e15, 1e21]

    @Test func whatItWritesFoundationReadsTheSame() throws {
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var entries: [String: Double] = [:]
            for _ in 0..<(round % 12) {
                let name = Self.names.randomElement(using: &random)! + String(Int.random(in: 0..<5, using: &random))
                entries[name] = Self.values.randomElement(using: &random)! * Double(Int.random(in: 1...3, using: &random))
            }
            let bytes = LastUpdatedJSON.encode(entries)
            #expect(try JSONDecoder().decode([String: Double].self, from: Data(bytes)) == entries)
            #expect(LastUpdatedJSON.decode(bytes) == entries)
        }
    }

    @Test func itWritesNamesSortedWithoutSpaces() {
        let text = String(decoding: LastUpdatedJSON.encode(["b": 2, "a": 1.5, "c\"": 3]), as: UTF8.self)
        #expect(text == #"{"a":1.5,"b":2.0,"c\"":3.0}"#)
        #expect(String(decoding: LastUpdatedJSON.encode([:]), as: UTF8.self) == "{}")
    }

    @Test func whatFoundationWritesItReads() throws {
        // Older versions wrote the file with JSONEncoder, which escapes "/" as "\/".
        let entries = Dictionary(uniqueKeysWithValues: zip(Self.names, Self.values))
        for formatting: JSONEncoder.OutputFormatting in [[], .sortedKeys, .prettyPrinted, [.prettyPrinted, .withoutEscapingSlashes]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            let data = try encoder.encode(entries)
            #expect(LastUpdatedJSON.decode(Array(data)) == entries)
        }
    }

    @Test func everyEscapeIsRead() {
        let text = #" { "\u0041\u00e9\u65e5\ud83c\udf89\"\\\/\b\f\n\r\t" : -0.5e+2 , "x":1E2 } "#
        #expect(LastUpdatedJSON.decode(Array(text.utf8)) == ["Aé日🎉\"\\/\u{08}\u{0C}\n\r\t": -50, "x": 100])
        #expect(LastUpdatedJSON.decode(Array(#"{"a":1,"a":2}"#.utf8)) == ["a": 2])
    }

    @Test func anythingElseIsRejectedWhole() {
        let bad = [
            "", "{", "}", "[]", "{\"a\":1", "{\"a\":1}x", "{\"a\":1,}", "{,}", "{\"a\"1}", "{a:1}",
            "{\"a\":\"1\"}", "{\"a\":true}", "{\"a\":null}", "{\"a\":{}}", "{\"a\":01}", "{\"a\":1.}",
            "{\"a\":.5}", "{\"a\":1e}", "{\"a\":+1}", "{\"a\":-}", "{\"a\":NaN}", "{\"a\":Infinity}",
            "{\"a\":1e999}", "{\"\\ud800\":1}", "{\"\\udc00\":1}", "{\"\\ud800\\u0041\":1}", "{\"\\u12\":1}", "{\"\\u+123\":1}", "{\"\\u-000\":1}",
            "{\"\\x\":1}", "{\"a\nb\":1}", "{\"a\":1}{}", "{\"a", "{\"a\\",
        ]
        for text in bad {
            #expect(LastUpdatedJSON.decode(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
        #expect(LastUpdatedJSON.decode([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) == nil, "bytes that are not UTF-8")
    }
}
