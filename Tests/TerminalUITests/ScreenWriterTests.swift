import TerminalText
import TestSupport
import Testing
@testable import TerminalUI

/// `ScreenWriter`, the output half of `CursesTerminal`: its bytes, fed to a terminal model,
/// must give exactly the screen it claims to show, and that screen must be what the drawing
/// calls drew (the same as `MemoryScreen` draws them).
@Suite struct ScreenWriterTests {
    /// The width the model terminal (and the writer's "C library") gives a scalar: `TextWidth`'s,
    /// save that a regional indicator is one column, as in glibc (`MemoryScreen`'s terminal).
    static let width = MemoryScreen.scalarWidth

    struct Harness {
        var writer: ScreenWriter
        var terminal: TerminalModel
        let memory: MemoryScreen
        var cache: RowCache

        init(rows: Int, columns: Int, libcWidth: @escaping @Sendable (UInt32) -> Int = ScreenWriterTests.width) {
            writer = ScreenWriter(rows: rows, columns: columns, codes: .ansi, usesColors: true, libcWidth: libcWidth)
            terminal = TerminalModel(rows: rows, columns: columns, width: libcWidth, clustersCharacters: false)
            memory = MemoryScreen(columns: columns, rows: rows)
            cache = RowCache(rows: rows, columns: columns)
            writer.clear()
        }

        mutating func record(_ op: RowCache.Op, row: Int) {
            cache.record(op, row: row)
            switch op {
            case let .fill(column, width, style): memory.fill(row: row, column: column, width: width, style: style)
            case let .text(text, column, style, limit): memory.draw(text, row: row, column: column, style: style, maxWidth: limit)
            }
        }

        /// Sends the frame recorded so far the way `CursesTerminal.present()` does; returns its bytes.
        @discardableResult
        mutating func present(scrolling: Bool = true) -> [UInt8] {
            if scrolling, let scroll = cache.bestScroll(), writer.scroll(scroll) { cache.didScroll(scroll) }
            for (row, ops) in cache.takeChangedRows() { writer.draw(row: row, ops: ops) }
            let bytes = writer.takeOutput()
            terminal.feed(bytes)
            return bytes
        }

        /// The terminal (a model of its own, fed the writer's bytes) shows what the writer
        /// believes, with no sequence it does not know and no wrap; and each cell's style and
        /// link are the ones `MemoryScreen` shows for the same calls.
        func check(_ comment: Comment? = nil, comparingLinksWithMemory: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(terminal.problem == nil, comment, sourceLocation: sourceLocation)
            for r in 0..<writer.rows {
                let believed = terminalCells(writer.screen[r])
                #expect(terminal.cells[r] == believed, "row \(r) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
                for c in 0..<writer.columns where terminal.cells[r][c].text != nil {
                    let style = PackedStyle.pack(memory.style(row: r, column: c), depth: .indexed256)
                    #expect(terminal.cells[r][c].style == style, "style at \(r),\(c)", sourceLocation: sourceLocation)
                    if comparingLinksWithMemory {
                        #expect(terminal.cells[r][c].link == memory.link(row: r, column: c), "link at \(r),\(c)",
                                sourceLocation: sourceLocation)
                    }
                }
            }
        }

        /// A row of the writer as the terminal shows it: each scalar the terminal advances for
        /// starts a cell (a wide one followed by its right half); zero-width ones (and, on a
        /// terminal that joins them, those after a zero-width joiner) join the cell before. A character over several columns is
        /// several cells there; one drawn over blanks is followed by blanks up to its columns.
        func terminalCells(_ row: [ScreenWriter.Cell]) -> [TerminalModel.Cell] {
            var result: [TerminalModel.Cell] = []
            for cell in row where !cell.isContinuation {
                let style = cell.style & PackedStyle.sgrMask
                let link = writer.link(of: cell)
                let start = result.count
                var afterJoiner = false
                for scalar in String(decoding: writer.bytes(of: cell), as: UTF8.self).unicodeScalars {
                    let width = terminal.joinsAfterJoiner && afterJoiner && !scalar.isASCII ? 0 : terminal.width(scalar.value)
                    afterJoiner = scalar.value == 0x200D
                    if width == 0, let last = result.indices.last(where: { result[$0].text != nil }) {
                        result[last].text! += String(scalar)
                    } else {
                        result.append(TerminalModel.Cell(text: String(scalar), style: style, link: link))
                        if width == 2 { result.append(TerminalModel.Cell(text: nil, style: style, link: link)) }
                    }
                }
                if ClusterStore.isStored(cell.bytes), writer.clusters.isOverBlanks(cell.bytes) {
                    while result.count < start + writer.clusters.columns(of: cell.bytes) {
                        result.append(TerminalModel.Cell(text: " ", style: style, link: link))
                    }
                }
            }
            return result
        }
    }

    static func listRow(_ text: String, columns: Int, selected: Bool = false) -> [RowCache.Op] {
        let style = selected ? Style.reversed : .plain
        var ops: [RowCache.Op] = [.fill(column: 0, width: columns, style: style)]
        if selected { ops.append(.text("›", column: 0, style: style, limit: 1)) }
        ops.append(.text(text, column: 1, style: style, limit: columns - 1))
        return ops
    }

    @Test func aFrameAppearsAsDrawn() {
        var h = Harness(rows: 4, columns: 20)
        let texts = ["plain ascii", "第3条 评论 CJK", "rocket 🚀 ok", "cafe\u{301} ✅"]
        for (r, text) in texts.enumerated() {
            for op in Self.listRow(text, columns: 20, selected: r == 1) { h.record(op, row: r) }
        }
        h.present()
        h.check()
        #expect(h.terminal.line(1) == "›第3条 评论 CJK")
    }

    @Test func onlyTheCellsThatChangedAreSent() {
        var h = Harness(rows: 2, columns: 40)
        for op in Self.listRow("Item 000029  velvet quiver signal", columns: 40) { h.record(op, row: 0) }
        for op in Self.listRow("unchanged row", columns: 40) { h.record(op, row: 1) }
        h.present()
        for op in Self.listRow("Item 000030  velvet quiver signal", columns: 40) { h.record(op, row: 0) }
        for op in Self.listRow("unchanged row", columns: 40) { h.record(op, row: 1) }
        let bytes = h.present()
        h.check()
        // The cursor to row 1, column 11, then "30": nothing else.
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;11H30")
    }

    @Test func aShorterTextClearsItsTailWithOneErase() {
        var h = Harness(rows: 1, columns: 60)
        for op in Self.listRow("a long line of text that goes on and on and on", columns: 60) { h.record(op, row: 0) }
        h.present()
        for op in Self.listRow("short", columns: 60) { h.record(op, row: 0) }
        let bytes = String(decoding: h.present(), as: UTF8.self)
        h.check()
        #expect(bytes.hasSuffix("\u{1B}[K"))
        #expect(bytes.utf8.count < 20)
    }

    @Test func scrollingMovesRowsAndDrawsOnlyTheNewOne() {
        let columns = 30, rows = 8
        var h = Harness(rows: rows, columns: columns)
        func frame(from first: Int) {
            for r in 0..<rows {
                for op in Self.listRow("Item \(first + r) 第\(first + r)条", columns: columns) { h.record(op, row: r) }
            }
        }
        frame(from: 0)
        h.present()
        frame(from: 1)
        let bytes = String(decoding: h.present(), as: UTF8.self)
        h.check()
        #expect(bytes.contains("\u{1B}[1;8r"))  // the scroll region
        #expect(!bytes.contains("Item 3 "))     // a row that moved is not drawn again
        frame(from: 0)
        h.present()
        h.check("scrolled back")
    }

    @Test func wideCharactersOverwrittenByHalvesLeaveBlanks() {
        var h = Harness(rows: 1, columns: 10)
        h.record(.text("中文字", column: 0, style: .plain, limit: 10), row: 0)
        h.present()
        h.check()
        // Column 1 is the right half of 中, column 2 the left half of 文.
        h.record(.text("中文字", column: 0, style: .plain, limit: 10), row: 0)
        h.record(.text("ab", column: 1, style: .bold, limit: 2), row: 0)
        h.present()
        h.check()
        #expect(h.terminal.line(0) == " ab 字")
    }

    @Test func aCharacterTheCLibraryMeasuresNarrowKeepsItsColumns() {
        // A C library that thinks every emoji is one column: the writer pads it to two.
        var h = Harness(rows: 1, columns: 12, libcWidth: { $0 >= 0x1F000 ? 1 : ScreenWriterTests.width($0) })
        h.record(.text("a🚀b", column: 0, style: .plain, limit: 12), row: 0)
        h.present()
        #expect(h.terminal.problem == nil)
        #expect(h.terminal.line(0) == "a🚀 b")
    }

    @Test func theBottomRightCellIsNotWrittenWhereTheTerminalWouldScroll() {
        var codes = TerminalCodes.ansi
        codes.deferredWrap = false
        var writer = ScreenWriter(rows: 2, columns: 4, codes: codes, usesColors: false, libcWidth: Self.width)
        var terminal = TerminalModel(rows: 2, columns: 4, width: Self.width, clustersCharacters: false)
        writer.clear()
        terminal.feed(writer.takeOutput())
        func send(_ text: String, row: Int) -> String {
            writer.draw(row: row, ops: [.text(text, column: 0, style: .plain, limit: 4)])
            let bytes = writer.takeOutput()
            terminal.feed(bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(send("abcd", row: 1).hasSuffix("abc"))
        #expect(send("abcd", row: 0).hasSuffix("abcd"))
        // A wide character in the last two columns is left out whole: those columns keep
        // what they showed, and the writer knows it.
        #expect(send("xy中", row: 1).hasSuffix("xy"))
        #expect(terminal.line(1) == "xyc")
        #expect(writer.screen[1].map(\.bytes) == [0x78, 0x79, 0x63, 0x20])
    }

    /// Random frames (moves by a few lines, pages, edits, selections, partial draws, styles,
    /// colours and hyperlinks, wide and combining characters): after each, the terminal shows
    /// what was drawn.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomFramesAlwaysShowWhatWasDrawn(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let rows = Int.random(in: 3...12, using: &random), columns = Int.random(in: 4...40, using: &random)
        var h = Harness(rows: rows, columns: columns)
        let words = ["Item", "第3条", "评论", "🚀", "cafe\u{301}", "ok", "✅", "x", "longerword", "中",
                     "क्षत्रिय", "नमस्ते", "বাংলায়", "กำลัง", "தமிழ்", GraphemeClusterTests.nfdHangul, GraphemeClusterTests.eightMarks]
        var items = (0..<200).map { i in
            (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") + " \(i)"
        }
        let colors: [Color] = [.default, .red, .blue]
        var top = 0, selected = 0
        for step in 0..<(seed == 6 ? 400 : 60) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: top = max(0, top + Int.random(in: -3...3, using: &random))
            case 1: top = max(0, top + Int.random(in: -rows...rows, using: &random))
            case 2: items[Int.random(in: 0..<items.count, using: &random)] = words.randomElement(using: &random)!
            default: selected = Int.random(in: 0..<rows, using: &random)
            }
            for r in 0..<rows {
                var ops = Self.listRow(items[(top + r) % items.count], columns: columns, selected: r == selected)
                if Int.random(in: 0..<8, using: &random) == 0 {
                    var style = Style(foreground: colors.randomElement(using: &random)!, background: colors.randomElement(using: &random)!,
                                      bold: Bool.random(using: &random), underline: Bool.random(using: &random))
                    // Links, more of them over the run than the writer keeps at once.
                    if Bool.random(using: &random) { style.link = "https://example.com/\(Int.random(in: 0..<400, using: &random))" }
                    ops.append(.text(words.randomElement(using: &random)!, column: Int.random(in: 0..<columns, using: &random),
                                     style: style, limit: Int.random(in: 1...3, using: &random)))
                }
                for op in ops { h.record(op, row: r) }
            }
            h.present()
            h.check("seed \(seed) step \(step)")
        }
    }
}
