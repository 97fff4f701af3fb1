import Foundation
@testable import PullFeed
import Testing

/// The store's file read without `JSONDecoder` when it has the shape the store writes: the same
/// entries the decoder reads, and nothing (the decoder's turn) for anything else.
@Suite struct LastUpdatedFileTests {
    @Test(arguments: [
        "{}",
        #"{"7a11d61190ffeb19":1795868435.1286356}"#,
        #"{"05aa1874389ae97b":1795856538.3331528,"07ce0cad53eda57d":1795866925.1425276,"0901c342a5e95afa":1}"#,
        #"{"a":0,"b":-0,"c":-12.5e-3,"d":1E+2,"e":0.000001,"f":179769313486231570000000000000000,"中文":3}"#,
    ])
    func theStoresShapeReadsAsTheDecoderReadsIt(_ text: String) throws {
        let quick = try #require(LastUpdatedFile.plainEntries(Array(text.utf8)))
        let decoded = try JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
        #expect(quick == decoded)
    }

    @Test(arguments: [
        "", "{", "{not json", #"{"demo":5"#, #"{"demo":5}x"#, #"[{"demo":5}]"#, #"{"demo":"5"}"#,
        #"{"demo":5,"other":null}"#, #"{"demo":5,"other":{}}"#, "null", #"{ "demo":5}"#, #"{"demo": 5}"#,
        #"{"file:\/a":5}"#, #"{"a\"b":5}"#, #"{"demo":05}"#, #"{"demo":.5}"#, #"{"demo":5.}"#, #"{"demo":+5}"#,
        #"{"demo":1e999}"#, #"{"demo":5,"demo":6}"#, #"{"demo":5,}"#, "{\"de\tmo\":5}", "{\n\"demo\":5}",
    ])
    func anythingElseIsTheDecodersToRead(_ text: String) {
        #expect(LastUpdatedFile.plainEntries(Array(text.utf8)) == nil)
    }

    @Test func bytesThatAreNotUTF8AreTheDecodersToRead() {
        #expect(LastUpdatedFile.plainEntries([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) == nil)
    }

    /// What the store writes is read back the quick way.
    @Test func whatTheStoreWritesIsInTheShape() throws {
        let directory = NSTemporaryDirectory() + "pullfeed-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/last-updated.json"
        let store = LastUpdatedStore(path: path)
        #expect(store.record(Date(timeIntervalSince1970: 1_732_500_000.25), for: "file:/a"))
        #expect(store.record(Date(timeIntervalSince1970: 2_000), for: "command:ls -la"))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let quick = try #require(LastUpdatedFile.plainEntries(bytes))
        #expect(quick == (try JSONDecoder().decode([String: Double].self, from: Data(bytes))))
        #expect(quick.count == 2)
    }
}
