import CombineSchedulers
import Dispatch
import Foundation
import OpenCombine
import Testing
@testable import files_demo
import PullToRefresh
import TerminalUI

/// The example program without a terminal: its screen rendered into a `MemoryScreen`, its
/// time virtual, its folder a list the test changes.
@Suite struct FilesDemoTests {
    final class Folder: @unchecked Sendable {
        let lock = NSLock()
        var files: [String]
        private var readCount = 0
        init(_ files: [String]) { self.files = files }
        /// The next `limit` files after `after`, in the list's order, as the demo's walk reads
        /// them; a read from the first file counts as a read of the folder.
        func read(after: String?, limit: Int) -> [String] {
            lock.withLock {
                if after == nil { readCount += 1 }
                let start = after.map { last in files.firstIndex { $0 > last } ?? files.count } ?? 0
                return Array(files[start...].prefix(limit))
            }
        }
        /// How many times the folder was read from its first file: one per refresh request.
        var reads: Int { lock.withLock { readCount } }
        func set(_ files: [String]) { lock.withLock { self.files = files } }
    }

    let time = DispatchQueue.test
    let canvas = MemoryScreen(columns: 40, rows: 12)

    /// Advances virtual time (at most a minute of it) until `done` holds.
    func settle(_ screen: FilesScreen, until done: () -> Bool) {
        for _ in 0..<1_200 where !done() {
            time.advance(by: .milliseconds(50))
            screen.render(on: canvas)
        }
        screen.render(on: canvas)
    }

    @Test func sectionsPullToRefreshAndLoadMore() {
        let files = ["README.md"] + (0..<70).map { "src/file\(String(format: "%02d", $0)).swift" }
        let folder = Folder(files)
        let reactor = FilesReactor(scheduler: time.eraseToLoopScheduler(), readScheduler: time.eraseToLoopScheduler(), read: folder.read)
        let screen = FilesScreen(reactor: reactor, scheduler: time.eraseToLoopScheduler())
        var chosen: [String] = []
        screen.onChoose = { chosen.append($0) }
        reactor.action.send(.refresh)
        settle(screen) { reactor.currentState.shown.count == 50 }
        #expect(canvas.lines[0].hasPrefix(" Files · 50 shown"))
        #expect(canvas.lines[1] == " ./")
        #expect(canvas.lines[2] == "›  README.md")
        #expect(canvas.lines[3] == " src/")

        // Pull: Up at the top, twice past the threshold, then the release delay.
        folder.set((files + ["NEW.txt"]).sorted())
        screen.handle(.key(.up))
        screen.handle(.key(.up))
        screen.render(on: canvas)
        #expect(canvas.lines[1].hasSuffix("Release to refresh"))
        settle(screen) { reactor.currentState.shown.contains("NEW.txt") }
        #expect(canvas.lines[2] == "›  NEW.txt", "the pull ends at the top, showing the newest rows")
        #expect(folder.reads == 2, "one read for the start, one for the pull")

        // The bottom loads the next 50 (there are 22 more), then there is no more data.
        for _ in 0..<60 { screen.handle(.key(.down)) }
        settle(screen) { reactor.currentState.shown.count == 72 }
        for _ in 0..<30 { screen.handle(.key(.down)) }
        settle(screen) { canvas.text.contains("No more data") }
        #expect(canvas.text.contains("No more data"))

        screen.handle(.key(.enter))
        #expect(chosen == ["src/file69.swift"])
    }

    /// A scheduler that may run its work in any order, as a concurrent queue may: here, the
    /// newest first. Time does not pass on it; `runAll()` runs what is pending until nothing is.
    final class AnyOrderScheduler: Scheduler, @unchecked Sendable {
        typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
        typealias SchedulerOptions = DispatchQueue.SchedulerOptions
        private var pending: [() -> Void] = []
        var now: SchedulerTimeType { SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)) }
        var minimumTolerance: SchedulerTimeType.Stride { .zero }
        func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { pending.append(action) }
        func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                      _ action: @escaping () -> Void) { pending.append(action) }
        func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                      options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
            pending.append(action)
            return AnyCancellable {}
        }
        func runAll() {
            while let action = pending.popLast() { action() }
        }
    }

    /// The folder is read on another queue, which may run the read's result and its end in
    /// either order; the list must hear the result every time, or the header would stay on
    /// "Loading..." for good.
    @Test func aReadOnAQueueThatReordersWorkStillLands() {
        let reader = AnyOrderScheduler()
        let reactor = FilesReactor(scheduler: time.eraseToLoopScheduler(), readScheduler: reader.eraseToLoopScheduler()) { _, _ in ["a", "b"] }
        reactor.action.send(.refresh)
        reader.runAll()
        time.advance()
        #expect(reactor.currentState.shown == ["a", "b"])
        #expect(!reactor.currentState.isRefreshing)
    }
}

/// The demo's walk of a real folder: pages that follow each other add up to the whole tree in
/// folder order, and a page goes on after a file that is gone since.
@Suite struct FolderWalkTests {
    let root = NSTemporaryDirectory() + "files-demo-walk-\(UUID().uuidString)"

    func make(_ paths: [String]) throws {
        for path in paths {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
    }

    @Test func pagesAddUpToTheWholeTreeInFolderOrder() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try make(["b.txt", "a/2.txt", "a/1.txt", "a/z/deep.txt", "a-b/x.txt", "c/d/e/f.txt", "c/g.txt"])
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/a")
        let whole = FilesReactor.files(under: root, after: nil, limit: 100)
        #expect(whole == ["a/1.txt", "a/2.txt", "a/z/deep.txt", "a-b/x.txt", "b.txt", "c/d/e/f.txt", "c/g.txt"])
        for size in 1...4 {
            var paged: [String] = []
            while true {
                let page = FilesReactor.files(under: root, after: paged.last, limit: size)
                paged += page
                if page.count < size { break }
            }
            #expect(paged == whole, "pages of \(size)")
        }
    }

    @Test func aPageGoesOnAfterAFileThatIsGone() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try make(["a/1.txt", "a/3.txt", "b/1.txt"])
        #expect(FilesReactor.files(under: root, after: "a/2.txt", limit: 10) == ["a/3.txt", "b/1.txt"])
        #expect(FilesReactor.files(under: root, after: "a", limit: 10) == ["b/1.txt"])
    }
}
