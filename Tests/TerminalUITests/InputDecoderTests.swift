import Testing
@testable import TerminalUI

@Suite struct InputDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(bytes) + decoder.flushPending()
    }

    private func decode(_ text: String) -> [InputEvent] { decode(Array(text.utf8)) }

    private func keys(_ text: String) -> [Key] {
        decode(text).compactMap { if case .key(let k) = $0 { k } else { nil } }
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)),
        ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .shift(.down)), ("\u{1B}[1;2A", .shift(.up)),
        ("\u{1B}[1;6A", .up), ("\u{1B}[a", .shift(.up)), ("\u{1B}[b", .shift(.down)), ("\u{1B}[5;5~", .pageUp), ("\u{1B}[1;2P", .function(1)),
        ("\u{1B}[15;2~", .function(5)), ("\u{1B}O5C", .right),
        ("\u{1B}[Z", .backTab), ("\r", .enter), ("\n", .enter), ("\u{1B}OM", .enter), ("\t", .tab),
        ("\u{7F}", .backspace), ("\u{08}", .backspace),
        ("\u{03}", .ctrl("c")), ("\u{01}", .ctrl("a")), ("\u{1A}", .ctrl("z")), ("\u{0}", .ctrl("@")),
        ("\u{1C}", .ctrl("\\")), ("\u{1F}", .ctrl("_")),
        ("q", .character("q")), (" ", .character(" ")), ("中", .character("中")), ("🎉", .character("🎉")),
        ("é", .character("é")),
    ] as [(String, Key)])
    func decodesKey(sequence: String, key: Key) {
        #expect(keys(sequence) == [key], "\(Array(sequence.utf8))")
    }

    @Test func decodesTextAndKeysInOneBatch() {
        #expect(keys("ab\u{1B}[Bc中\r") == [.character("a"), .character("b"), .down, .character("c"), .character("中"), .enter])
    }

    @Test func loneEscapeWaitsForTheDelay() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.key(.escape)])
        #expect(!decoder.hasPending)
    }

    @Test func splitSequenceIsCompletedByTheNextRead() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x5B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.feed([0x42]) == [.key(.down)])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0xE4, 0xB8]) == [])
        #expect(decoder.feed([0xAD, 0x61]) == [.key(.character("中")), .key(.character("a"))])
    }

    @Test func unfinishedSequenceIsDroppedNeverEsc() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1".utf8)) == [])
        #expect(decoder.flushPending() == [])
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flushPending() == [.key(.alt(.character("[")))])
        #expect(decoder.feed(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.flushPending() == [.key(.alt(.character("O")))])
        #expect(decoder.feed([0xE4, 0xB8]) == [])
        #expect(decoder.flushPending() == [.key(.character("\u{FFFD}"))])
    }

    /// Terminals send Alt as an ESC prefix (VTE, tmux, xterm with metaSendsEscape).
    @Test(arguments: [
        ("\u{1B}j", Key.alt(.character("j"))), ("\u{1B}q", .alt(.character("q"))),
        ("\u{1B}\r", .alt(.enter)), ("\u{1B}中", .alt(.character("中"))), ("\u{1B}\u{7F}", .alt(.backspace)),
        ("\u{1B}\u{01}", .alt(.ctrl("a"))), ("\u{1B}\u{1B}[A", .alt(.up)), ("\u{1B}\u{1B}OB", .alt(.down)),
    ] as [(String, Key)])
    func escapeAtOnceFollowedByAKeyIsAlt(sequence: String, key: Key) {
        #expect(keys(sequence) == [key])
    }

    @Test func altWaitsForTheKeyAfterASplitEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("j".utf8)) == [.key(.alt(.character("j")))])
        #expect(decoder.feed([0x1B, 0x1B]) == [])
        #expect(decoder.flushPending() == [.key(.escape), .key(.escape)])
    }

    @Test func scoF1IsAKeyWhenNoMouseModeSendsX10Reports() {
        var decoder = InputDecoder(x10Mouse: false)
        #expect(decoder.feed(Array("\u{1B}[Mj".utf8)) == [.key(.function(1)), .key(.character("j"))])
        var mouse = InputDecoder(x10Mouse: true)
        // Too few bytes for a report when the delay passes, or bytes no report has: F1, never Esc.
        #expect(mouse.feed(Array("\u{1B}[M".utf8)) == [])
        #expect(mouse.flushPending() == [.key(.function(1))])
        #expect(mouse.feed(Array("\u{1B}[M\r".utf8)) == [.key(.function(1)), .key(.enter)])
    }

    @Test func bracketedPasteIsOneEventNeverKeys() {
        let text = "hello q \u{1B}[A\r\necho LEAKED-$((6*7))\n中文 🎉"
        #expect(decode("x\u{1B}[200~" + text + "\u{1B}[201~y") == [.key(.character("x")), .paste(text), .key(.character("y"))])
        // Split anywhere, the end marker included, it is the same paste.
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(events == [.paste(text)], "cut at \(cut)")
            #expect(!decoder.hasPending)
        }
    }

    @Test func anUnterminatedPasteEndsWhenItsTimeoutPasses() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
        #expect(decoder.isInPaste)
        #expect(decoder.pendingTimeoutNanoseconds == InputDecoder.defaultPasteTimeoutNanoseconds)
        #expect(decoder.flushPending() == [.paste("abc\u{1B}[20")])
        #expect(decoder.pendingTimeoutNanoseconds == nil)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func aHugeBinaryPasteIsKeptUpToItsLimitAndEndsCleanly() {
        var decoder = InputDecoder()
        var events = decoder.feed(Array("\u{1B}[200~".utf8))
        let chunk = (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }.map { $0 == 0x1B ? 0x20 : $0 }
        for _ in 0..<(InputDecoder.maxPasteBytes / chunk.count + 4) { events += decoder.feed(chunk) }
        #expect(events.isEmpty)
        #expect(decoder.pendingCount < 8)
        events += decoder.feed(Array("\u{1B}[201~q".utf8))
        guard case .paste(let text)? = events.first else { Issue.record("no paste"); return }
        #expect(text.utf8.count >= InputDecoder.maxPasteBytes)  // invalid bytes grow into U+FFFD
        #expect(events.dropFirst() == [.key(.character("q"))])
    }

    @Test func escapeDelayFromTheEnvironment() {
        #expect(InputDecoder.escapeDelay(environment: [:]) == 100_000_000)
        #expect(InputDecoder.escapeDelay(environment: ["ESCDELAY": "250"]) == 250_000_000)
        #expect(InputDecoder.escapeDelay(environment: ["ESCDELAY": "0"]) == 0)
        for bad in ["-5", "abc", "", "1e3", "99999999"] {
            #expect(InputDecoder.escapeDelay(environment: ["ESCDELAY": bad]) == 100_000_000, "\(bad)")
        }
    }

    @Test(arguments: [
        "\u{1B}[?25h", "\u{1B}[201~", "\u{1B}[99~", "\u{1B}[1 q", "\u{1B}[I", "\u{1B}[O", "\u{1B}Ox",
        "\u{1B}[<66;1;1M", "\u{1B}[<0;0;1M", "\u{1B}[>1;2c", "\u{1B}[2;3R",
    ])
    func unknownSequencesAreDropped(sequence: String) {
        #expect(decode(sequence) == [])
    }

    @Test func malformedSequenceDropsOnlyItsPrefix() {
        #expect(keys("\u{1B}[1\u{7}x") == [.ctrl("g"), .character("x")])
        // An overlong sequence is cut at the length limit; nothing of it becomes a key.
        let long = "\u{1B}[" + String(repeating: "1", count: 200) + "A"
        let limit = InputDecoder.maxSequenceLength
        #expect(keys(long) == Array(repeating: .character("1"), count: 202 - limit) + [.character("A")])
    }

    @Test(arguments: [
        ([0xED, 0xA0, 0x80] as [UInt8], ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}"] as [Character]),
        ([0x9B] as [UInt8], ["\u{FFFD}"]),
        ([0xC0, 0x80] as [UInt8], ["\u{FFFD}", "\u{FFFD}"]),
        ([0xFF, 0x61] as [UInt8], ["\u{FFFD}", "a"]),
        ([0xE4, 0x61] as [UInt8], ["\u{FFFD}", "a"]),
        ([0xF0, 0x9F, 0x8E, 0x89] as [UInt8], ["🎉"]),
    ])
    func invalidUTF8BecomesReplacementCharacters(bytes: [UInt8], expected: [Character]) {
        #expect(decode(bytes) == expected.map { .key(.character($0)) })
    }

    @Test func c1ControlsAreNotText() {
        #expect(decode([0xC2, 0x9B, 0x41]) == [.key(.character("A"))])
    }

    @Test(arguments: [
        ("\u{1B}[<0;10;5M", MouseEvent(kind: .press(.left), row: 4, column: 9)),
        ("\u{1B}[<2;1;1M", MouseEvent(kind: .press(.right), row: 0, column: 0)),
        ("\u{1B}[<1;3;4M", MouseEvent(kind: .press(.middle), row: 3, column: 2)),
        ("\u{1B}[<0;10;5m", MouseEvent(kind: .release, row: 4, column: 9)),
        ("\u{1B}[<64;20;7M", MouseEvent(kind: .wheelUp, row: 6, column: 19)),
        ("\u{1B}[<65;20;7M", MouseEvent(kind: .wheelDown, row: 6, column: 19)),
        ("\u{1B}[<32;5;5M", MouseEvent(kind: .drag(.left), row: 4, column: 4)),
        ("\u{1B}[<16;2;2M", MouseEvent(kind: .press(.left), row: 1, column: 1)),
        ("\u{1B}[<0;300;120M", MouseEvent(kind: .press(.left), row: 119, column: 299)),
        ("\u{1B}[M !!", MouseEvent(kind: .press(.left), row: 0, column: 0)),
        ("\u{1B}[M#+&", MouseEvent(kind: .release, row: 5, column: 10)),
        ("\u{1B}[M`++", MouseEvent(kind: .wheelUp, row: 10, column: 10)),
        ("\u{1B}[Ma++", MouseEvent(kind: .wheelDown, row: 10, column: 10)),
    ] as [(String, MouseEvent)])
    func decodesMouse(sequence: String, event: MouseEvent) {
        #expect(decode(sequence) == [.mouse(event)])
    }

    @Test func x10MouseCoordinatesAreRawBytes() {
        #expect(decode([0x1B, 0x5B, 0x4D, 0x20, 0xC1, 0x21]) == [.mouse(MouseEvent(kind: .press(.left), row: 0, column: 160))])
    }

    @Test func pasteFloodDecodesInOneBatch() {
        let paste = String(repeating: "j", count: 10_000)
        var decoder = InputDecoder()
        let events = decoder.feed(Array(paste.utf8))
        #expect(events.count == 10_000)
        #expect(!decoder.hasPending)
    }
}
