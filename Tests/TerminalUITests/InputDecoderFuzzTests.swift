import Foundation
import Testing
@testable import TerminalUI

/// Random byte streams, biased towards the bytes escape sequences are made of.
@Suite struct InputDecoderFuzzTests {
    static let interesting: [UInt8] = Array("\u{1B}[O<;M~mABCDHFZPQRS0123456789".utf8) + [0x1B, 0x1B, 0x9B, 0xC2, 0xE4, 0xB8, 0xAD, 0xED, 0xA0, 0xF0, 0x9F, 0x0D, 0x7F, 0x00]

    static func randomStream(_ rng: inout SeededRandom) -> [UInt8] {
        let length = Int.random(in: 0...64, using: &rng)
        return (0..<length).map { _ in
            Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
        }
    }

    static func isValid(_ event: InputEvent) -> Bool {
        switch event {
        case .key(.alt(let key)):
            if case .alt = key { return false }
            return isValid(.key(key))
        case .key(.escape):
            return true
        case .paste:
            return true
        case .key(.character(let c)):
            return !c.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
        case .key(.ctrl(let c)):
            return "abcdefghijklmnopqrstuvwxyz@\\]^_".contains(c)
        case .key(.function(let n)):
            return (1...12).contains(n)
        case .key:
            return true
        case .mouse(let m):
            return m.row >= 0 && m.column >= 0
        case .resize:
            return false
        }
    }

    @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func randomStreamsDecodeToValidEventsWhateverTheSplit(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<1_000 {
            let stream = Self.randomStream(&rng)
            var whole = InputDecoder()
            let expected = whole.feed(stream) + whole.flushPending()
            #expect(!whole.hasPending)
            #expect(expected.allSatisfy(Self.isValid), "seed \(seed): \(stream)")

            var split = InputDecoder()
            var events: [InputEvent] = []
            var rest = stream[...]
            while !rest.isEmpty {
                let n = Int.random(in: 1...max(1, rest.count), using: &rng)
                events += split.feed(rest.prefix(n))
                rest = rest.dropFirst(n)
            }
            events += split.flushPending()
            #expect(events == expected, "seed \(seed): \(stream)")

            var byteByByte = InputDecoder()
            let single = stream.flatMap { byteByByte.feed([$0]) } + byteByByte.flushPending()
            #expect(single == expected, "seed \(seed): \(stream)")
        }
    }

    /// `PULLFEED_FUZZ_ITERATIONS=N` runs N times as many streams.
    static let multiplier = max(1, Int(ProcessInfo.processInfo.environment["PULLFEED_FUZZ_ITERATIONS"] ?? "") ?? 1)

    /// Long floods fed in terminal-sized reads: whatever arrives, what is kept pending stays
    /// bounded (a paste cannot grow it), and every event is valid.
    @Test func floodsKeepTheirPendingTailBounded() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<(20 * Self.multiplier) {
            var decoder = InputDecoder()
            var pendingLimitHeld = true
            var valid = true
            for _ in 0..<200 {
                let chunk = (0..<Int.random(in: 1...512, using: &rng)).map { _ in
                    Bool.random(using: &rng) ? Self.interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
                }
                valid = valid && decoder.feed(chunk).allSatisfy(Self.isValid)
                pendingLimitHeld = pendingLimitHeld && decoder.pendingCount <= InputDecoder.maxSequenceLength
            }
            #expect(valid && pendingLimitHeld)
            #expect(decoder.flushPending().allSatisfy(Self.isValid))
            #expect(!decoder.hasPending)
        }
    }

    @Test(.enabled(if: multiplier > 1, "set PULLFEED_FUZZ_ITERATIONS for a longer run"))
    func moreRandomStreamsOnDemand() {
        var rng = SeededRandom(seed: 99)
        for _ in 0..<(1_000 * (Self.multiplier - 1)) {
            let stream = Self.randomStream(&rng)
            var whole = InputDecoder()
            let expected = whole.feed(stream) + whole.flushPending()
            var byteByByte = InputDecoder()
            let single = stream.flatMap { byteByByte.feed([$0]) } + byteByByte.flushPending()
            #expect(single == expected && expected.allSatisfy(Self.isValid), "\(stream)")
        }
    }
}
