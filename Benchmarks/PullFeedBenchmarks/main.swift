// In-process benchmarks for PullFeed (run on demand, release build):
//
//     swift run -c release pullfeed-bench [--quick]
//     swift run -c release pullfeed-bench --fuzzy QUERY [FILE] [--lines]
//
// `--fuzzy` only filters FILE (default: the million-line file Benchmarks/fuzzy.sh makes)
// with each prefix of QUERY in turn, as typing it into a fuzzy `&` does (each from the
// previous one's matches), and prints the matches and the time of each (with `--lines`, the
// lines QUERY shows, in order, to compare with `fzf -f QUERY < FILE`); under callgrind
// (Benchmarks/callgrind-fuzzy.sh) it counts the instructions of the filter alone.
// Prints one markdown table: frame cost against list length, one Down through
// reactor → state → render, reactor action throughput, memory per loaded item.
// Every figure is the median of repeated runs; the machine is shared, so compare ratios.

import CombineSchedulers
import Foundation
import OpenCombine
import PullFeed
import CursesBackend
import SearchEngine
import TerminalText
import TerminalUI

let quick = CommandLine.arguments.contains("--quick")
let repeats = quick ? 5 : 15

// MARK: - Harness

/// Nanoseconds of `body` run `iterations` times, per iteration; median of `repeats` runs.
func measure(iterations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    body()  // warm-up
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        let end = DispatchTime.now().uptimeNanoseconds
        samples.append(Double(end - start) / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Resident set size of this process, in bytes.
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kb = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return kb * 1024
    }
    return 0
}

func format(ns: Double) -> String {
    if ns >= 1_000_000 { return String(format: "%.2f ms", ns / 1_000_000) }
    if ns >= 1_000 { return String(format: "%.2f µs", ns / 1_000) }
    return String(format: "%.0f ns", ns)
}

/// A canvas that only measures what it is asked to draw (the cost of layout and text
/// handling without a backend's cell storage).
final class CountingCanvas: Canvas {
    let size: Size
    var cells = 0
    init(columns: Int, rows: Int) { size = Size(columns: columns, rows: rows) }
    func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        var used = 0
        let limit = min(size.columns - column, maxWidth ?? Int.max)
        for ch in TextSanitizer.sanitize(text) {
            let w = TextWidth.of(ch)
            if used + w > limit { break }
            used += w
        }
        cells += used
        return used
    }
    func fill(row: Int, column: Int, width: Int, style: Style) { cells += width }
    func clear() {}
}

/// `count` lines held in memory, delivered as the line sources deliver them (a `LineList` page),
/// at once (on the scheduler's next turn).
final class MemoryLineSource: FeedSource {
    let title = "bench"
    let stateKey = "bench"
    let isLineSource = true
    let lines: LineList
    init(count: Int, sample: [String]) {
        lines = LineList((0..<count).map { sample[$0 % sample.count] })
    }
    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let end = min(lines.count, request.offset + request.limit)
        var page = LineList()
        page.append(lines, range: min(request.offset, end)..<end)
        return Just(.success(Page(lines: page, hasMore: end < lines.count))).eraseToAnyPublisher()
    }
}

/// Lines like the pty benchmark's data set: ASCII, CJK, emoji, a long one.
let sampleLines: [String] = {
    let path = "/tmp/tuiprobe-items-100000.txt"
    if let text = try? String(contentsOfFile: path, encoding: .utf8) {
        return Array(text.split(separator: "\n").prefix(1000).map(String.init))
    }
    return (1...1000).map { i in
        switch i % 4 {
        case 0: "Item \(i)  第\(i)条 评论 quartz saffron cobalt"
        case 1: "Item \(i)  river amber pebble copper willow"
        case 2: "Item \(i)  🚀 launch 👍 ok 🎉 party"
        default: "Item \(i)  " + String(repeating: "long line ", count: 20)
        }
    }
}()

/// A feed screen on a virtual-time scheduler, loaded with `count` lines.
struct Fixture {
    let time = DispatchQueue.test
    let reactor: FeedReactor
    let screen: FeedScreen

    init(count: Int) {
        let scheduler = time.eraseToLoopScheduler()
        let source = MemoryLineSource(count: count, sample: sampleLines)
        reactor = FeedReactor(source: source, pageSize: max(1, count), scheduler: scheduler)
        screen = FeedScreen(scheduler: scheduler)
        screen.reactor = reactor
        reactor.action.send(.refresh)
        time.advance(by: .seconds(5))
    }
}

// MARK: - Fuzzy filter

if let flag = CommandLine.arguments.firstIndex(of: "--fuzzy"), flag + 1 < CommandLine.arguments.count {
    let query = CommandLine.arguments[flag + 1]
    let printsLines = CommandLine.arguments.contains("--lines")
    let rest = CommandLine.arguments[(flag + 2)...].filter { $0 != "--lines" }
    let path = rest.first ?? "/tmp/find-bench-1m.txt"
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(1)
    }
    let snapshot = LineListSnapshot(lines: LineList(splitting: [UInt8](data)))
    var previous: (pattern: TextPattern, matches: RowSet)?
    for length in stride(from: 1, through: query.count, by: 1) {
        let text = String(query.prefix(length))
        guard let pattern = try? TextPattern(text, syntax: .fuzzy), let fuzzy = pattern.fuzzy else { continue }
        // As the app does: from the rows of the text before when this one refines it.
        let candidates = previous.flatMap { pattern.refines($0.pattern) ? $0.matches : nil }
        let start = DispatchTime.now().uptimeNanoseconds
        let (matches, ranking) = ListFinder.fuzzyFilter(fuzzy, in: snapshot, range: 0..<snapshot.rowCount, among: candidates)!
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        precondition(matches.count == ranking.count)
        previous = (pattern, matches)
        if printsLines {
            if length == query.count {
                // Lines matched only by lacking words keep their order (see FuzzyQuery.ranks).
                let lines = snapshot.lines
                var out = ""
                for row in fuzzy.ranks ? ranking.rows : Array(matches) { out += lines.wholeLine(at: row) + "\n" }
                FileHandle.standardOutput.write(Data(out.utf8))
            }
        } else {
            print(String(format: "%@: %d matches, first row %d, %.1f ms", text, ranking.count, ranking.count > 0 ? ranking.row(at: 0) : -1, elapsed))
        }
    }
    exit(0)
}

// MARK: - Benchmarks

nonisolated(unsafe) var table: [(String, String, String)] = []
func row(_ name: String, _ value: String, _ note: String = "") {
    table.append((name, value, note))
    FileHandle.standardError.write(Data("\(name): \(value) \(note)\n".utf8))
}

let sizes = quick ? [100, 10_000, 1_000_000] : [100, 10_000, 1_000_000]
var frameCounting: [Int: Double] = [:]
var frameMemory: [Int: Double] = [:]
for count in sizes {
    let fixture = Fixture(count: count)
    precondition(fixture.reactor.currentState.lines.count == count, "fixture did not load")
    // Scroll to the middle so the frame is a scrolled one.
    for _ in 0..<min(count / 2, 500) { fixture.screen.handle(.key(.down)) }
    let counting = CountingCanvas(columns: 80, rows: 24)
    frameCounting[count] = measure(iterations: 200) { fixture.screen.render(on: counting) }
    let memory = MemoryScreen(columns: 80, rows: 24)
    frameMemory[count] = measure(iterations: 200) { fixture.screen.render(on: memory) }
    row("frame 80×24, \(count) items (FeedScreen → counting canvas)", format(ns: frameCounting[count]!))
    row("frame 80×24, \(count) items (FeedScreen → MemoryScreen)", format(ns: frameMemory[count]!))
}
let frameRatio = frameCounting[1_000_000]! / frameCounting[100]!
row("frame ratio 1,000,000 / 100 items (counting canvas)", String(format: "%.2f×", frameRatio), "target ≤ 1.5×")
row("frame ratio 1,000,000 / 100 items (MemoryScreen)",
    String(format: "%.2f×", frameMemory[1_000_000]! / frameMemory[100]!), "target ≤ 1.5×")

do {
    let fixture = Fixture(count: 100_000)
    let canvas = CountingCanvas(columns: 80, rows: 24)
    var downs = 0
    // One Down: key → list move → .select action → reduce → state → screen → render.
    let down = measure(iterations: 1000) {
        fixture.screen.handle(.key(downs % 2000 < 1000 ? .down : .up))
        fixture.screen.render(on: canvas)
        downs += 1
    }
    row("one Down/Up → list → render (100,000 items)", format(ns: down), "target ≪ 0.1 ms")
    let keyOnly = measure(iterations: 1000) {
        fixture.screen.handle(.key(downs % 2000 < 1000 ? .down : .up))
        downs += 1
    }
    row("one Down/Up handled, no render", format(ns: keyOnly))
    let action = measure(iterations: 10_000) {
        fixture.reactor.action.send(.choose(Array("L1".utf8)))
    }
    row("reactor action throughput (.choose)", String(format: "%.0f actions/s", 1e9 / action), format(ns: action) + " each")
}

do {
    let count = 1_000_000
    let meanText = Double(sampleLines.reduce(0) { $0 + $1.utf8.count }) / Double(sampleLines.count)
    let before = residentBytes()
    var lines = LineList()
    var page: [String] = []
    for i in 0..<count {
        page.append(sampleLines[i % sampleLines.count])
        if page.count == 1000 { lines.append(contentsOf: page); page.removeAll(keepingCapacity: true) }
    }
    let after = residentBytes()
    row("LineList bytes per item (1,000,000 items, pages of 1,000)", String(format: "%.1f B", Double(lines.byteCount) / Double(count)),
        String(format: "text %.1f B + %.1f B overhead", meanText, Double(lines.byteCount) / Double(count) - meanText))
    row("RSS growth per item while loading them", String(format: "%.1f B", Double(after - before) / Double(count)),
        "array growth slack included")
    let fixture = Fixture(count: 100_000)
    let state = fixture.reactor.currentState.lines
    row("LineList bytes per item via the reactor (100,000 items)",
        String(format: "%.1f B", Double(state.byteCount) / Double(state.count)))
}

do {
    // A file's lines as a file source keeps them: where each line ends, not its text.
    let count = 100_000
    let path = NSTemporaryDirectory() + "pullfeed-bench-\(getpid()).txt"
    let text = (0..<count).map { sampleLines[$0 % sampleLines.count] + "\n" }.joined()
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    defer { unlink(path) }
    let time = DispatchQueue.test
    let before = residentBytes()
    var page: Page?
    let started = DispatchTime.now().uptimeNanoseconds
    let loading = FileSource(path: path).load(.refresh(limit: count), on: time.eraseToLoopScheduler())
        .sink { if case .success(let loaded) = $0 { page = loaded } }
    while page == nil {
        usleep(500)
        time.advance()
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    let after = residentBytes()
    loading.cancel()
    let lines = page!.lines
    row("file source: bytes held per line (100,000 lines, \(text.utf8.count / 1024) KiB file)",
        String(format: "%.1f B", Double(lines.byteCount) / Double(lines.count)), "offsets only; text read back when shown")
    row("file source: RSS growth per line while indexing them", String(format: "%.1f B", Double(after - before) / Double(count)),
        String(format: "indexed in %.1f ms", elapsed))
}

do {
    // A refresh of a 100,000-line command output that keeps the place and works out what is
    // new: the lines are split beforehand (reading them is not counted); timed from the key to
    // the next frame: the park step, the diff, the reduce, the reload keeping the place, a frame.
    let count = 100_000
    func output(_ lines: [String]) -> LineList { LineList(splitting: Array((lines.joined(separator: "\n") + "\n").utf8)) }
    let base = (0..<count).map { "\(sampleLines[$0 % sampleLines.count]) #\($0)" }
    // `--id 1`: each line starts with its own number, and its last column changes every run.
    let numbered = (0..<count).map { "\($0) \(sampleLines[$0 % sampleLines.count])" }
    let byFirstField = LineIdentity(fields: try! FieldSelection(parsing: "1"))
    let cases: [(String, [LineList], LineIdentity)] = [
        ("unchanged", [output(base)], .wholeLine),
        ("10 new lines above, 10 gone", [output(base), output((0..<10).map { "new \($0)" } + base.dropLast(10))], .wholeLine),
        ("every line changed", [output(base), output(base.map { $0 + " v2" })], .wholeLine),
        ("100,000 identical lines", [output(Array(repeating: "same line", count: count))], .wholeLine),
        ("--id 1, every line changed", [output(numbered.map { $0 + " 1" }), output(numbered.map { $0 + " 2" })], byFirstField),
        ("--id 1, every line changed, 10 new above, 10 gone",
         [output(numbered.map { $0 + " 1" }), output((0..<10).map { "new\($0) x" } + numbered.dropLast(10).map { $0 + " 2" })], byFirstField),
    ]
    // REFRESH_CASE=text runs only the refresh cases whose name contains it (for a profile).
    let only = ProcessInfo.processInfo.environment["REFRESH_CASE"]
    for (name, results, identity) in cases where only.map({ name.contains($0) }) ?? true {
        final class Rotating: FeedSource {
            let title = "bench", stateKey = "bench", isLineSource = true
            var results: [LineList]
            var next = 0
            init(_ results: [LineList]) { self.results = results }
            var hasPages: Bool { false }
            func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
                defer { next += 1 }
                return Just(.success(Page(lines: results[next % results.count], hasMore: false))).eraseToAnyPublisher()
            }
        }
        let time = DispatchQueue.test
        let scheduler = time.eraseToLoopScheduler()
        let reactor = FeedReactor(source: Rotating(results), pageSize: 200, scheduler: scheduler, identity: identity)
        let screen = FeedScreen(scheduler: scheduler)
        screen.reactor = reactor
        reactor.action.send(.refresh)
        time.advance(by: .seconds(5))
        for _ in 0..<5_000 { screen.handle(.key(.down)) }
        let canvas = MemoryScreen(columns: 80, rows: 24)
        screen.render(on: canvas)
        let place = screen.list.selectedIndex
        let refresh = measure(iterations: 4) {
            screen.handle(.key(.character("r")))
            time.advance(by: .seconds(5))
            screen.render(on: canvas)
        }
        precondition(reactor.currentState.lines.count == count && screen.list.selectedIndex != nil && place != nil)
        precondition(identity.isWholeLine || reactor.currentState.changes.changedCount >= count - 10)
        row("refresh keeping the place, 100,000 lines: \(name)", format(ns: refresh), "target ≤ 50 ms")
    }
}

do {
    // `--section-by` on a stream: 1,000 sections there already (10,000 lines), then lines
    // arriving one at a time, each into one of the sections (or a new one): timed per line
    // from the page to the next frame (reduce naming and grouping it, rows, reload keeping
    // the place, a frame).
    let pattern = try! CapturePattern(#"^\S+ \S+ \S+ (\S+?)\["#)
    let names = (0..<1_000).map { "service\($0)" }
    /// 10,000 lines at first, then one line per request for the rest, for ever (an open input).
    final class Arriving: FeedSource {
        let title = "bench", stateKey = "bench", isLineSource = true
        let names: [String]
        init(names: [String]) { self.names = names }
        func line(_ n: Int) -> String { "Nov 26 12:00:\(n % 60) \(names[(n * 7919) % names.count])[\(n)]: message \(n)" }
        func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
            let count = request.offset == 0 ? 10_000 : 1
            let page = LineList((request.offset..<request.offset + count).map(line))
            var result = Page(lines: page, hasMore: false)
            result.isOpen = true
            return Just(.success(result)).eraseToAnyPublisher()
        }
    }
    let source = Arriving(names: names)
    let time = DispatchQueue.test
    let scheduler = time.eraseToLoopScheduler()
    let reactor = FeedReactor(source: source, pageSize: 10_000, scheduler: scheduler, sectionPattern: pattern)
    let screen = FeedScreen(scheduler: scheduler)
    screen.reactor = reactor
    reactor.action.send(.refresh)
    // The first page is large: it is named on another thread, then delivered.
    while reactor.currentState.lineSections?.lineCount != 10_000 {
        usleep(1_000)
        time.advance(by: .seconds(1))
    }
    let canvas = MemoryScreen(columns: 80, rows: 24)
    for _ in 0..<500 { screen.handle(.key(.down)) }
    screen.render(on: canvas)
    precondition(reactor.currentState.lineSections?.count == 1_000)
    var arrived = 0
    let perLine = measure(iterations: 1_000) {
        reactor.action.send(.loadRest)
        time.advance(by: .seconds(1))
        screen.render(on: canvas)
        arrived += 1
    }
    precondition(reactor.currentState.lines.count == 10_000 + arrived)
    row("--section-by: a line arriving on a stream with 1,000 sections", format(ns: perLine), "target ≤ 1 ms per line")
}

print("| benchmark | median | note |")
print("|---|---|---|")
for (name, value, note) in table { print("| \(name) | \(value) | \(note) |") }
