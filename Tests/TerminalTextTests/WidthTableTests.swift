@testable import TerminalText
import Testing
import TestSupport

/// `TextWidth`'s widths (the table `Scripts/generate-width-table.py` generates, and the
/// zero-width rules) against glibc's `wcwidth`, which tmux, xterm and `less` follow, for every
/// code point glibc knows (it answers -1 for the others: unassigned in its Unicode version,
/// surrogates, controls).
@Suite struct WidthTableTests {
    /// Where `TextWidth` knowingly differs from glibc, as "glibc→ours": code points.
    static let expectedDifferences: [String: [ClosedRange<UInt32>]] = [
        // Prepended concatenation marks (Arabic number signs, Syriac abbreviation mark…): format
        // characters that take no column of their own but stand over the digits after them, in
        // the same character; glibc gives them one column.
        "1→0": [0x0600...0x0605, 0x06DD...0x06DD, 0x070F...0x070F, 0x0890...0x0891, 0x08E2...0x08E2,
                0x110BD...0x110BD, 0x110CD...0x110CD],
        // Regional indicators: Emoji_Presentation, so two columns like the flags they make;
        // glibc gives a lone one one column (CellBuilder pads it with a blank there).
        "1→2": [0x1F1E6...0x1F1FF],
        // Newer Unicode in Swift's runtime than in glibc: AHOM CONSONANT SIGN MEDIAL RA became
        // a spacing mark.
        "0→1": [0x1171E...0x1171E],
    ]

    @Test func widthsAgreeWithGlibcSaveTheListedDifferences() throws {
        try #require(LibcWidth.of(0x4E00) == 2, "no C.UTF-8 locale or wcwidth")
        var differences: [String: [UInt32]] = [:]
        for v in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), let libc = LibcWidth.of(v), libc >= 0 else { continue }
            let ours = TextWidth.of(scalar)
            if ours != libc { differences["\(libc)→\(ours)", default: []].append(v) }
        }
        let expected = Self.expectedDifferences.mapValues { $0.flatMap { Array($0) } }
        for key in Set(differences.keys).union(expected.keys) {
            let found = differences[key] ?? [], listed = expected[key] ?? []
            #expect(found == listed, "\(key): unlisted \(Set(found).subtracting(listed).sorted().prefix(40).map { String($0, radix: 16) }), no longer different \(Set(listed).subtracting(found).sorted().prefix(40).map { String($0, radix: 16) })")
        }
    }

    @Test func theTableIsSortedAndCoversTheWideBlocks() {
        for v: UInt32 in [0x1100, 0x3000, 0x4E00, 0x9FFF, 0xAC00, 0xFF01, 0x20000, 0x2FFFD, 0x30000, 0x1F600, 0x4DC0, 0x3248] {
            #expect(TextWidth.isWide(v), "\(String(v, radix: 16))")
        }
        for v: UInt32 in [0x41, 0x10FF, 0x303F, 0xFF61, 0x1F1E6, 0xE000] {
            #expect(!TextWidth.isWide(v), "\(String(v, radix: 16))")
        }
    }
}
