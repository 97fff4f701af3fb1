import Foundation
@testable import PullFeed
import PullToRefresh
import SearchEngine
import TerminalUI

/// A feed screen on a `MemoryScreen`, driven with keys and virtual time.
final class ScreenHarness {
    static let now = Date(timeIntervalSince1970: 1_700_057_100)  // 2023-11-15 14:05 UTC

    /// The time the sources and the screen read, when a test moves it (else `now`).
    final class Clock {
        var date = ScreenHarness.now
    }
    let time = VirtualTime()
    let reactor: FeedReactor
    let screen: FeedScreen
    let canvas: MemoryScreen
    var chosen: [String] = []
    var quits = 0
    var bells = 0

    init(source: FeedSource, pageSize: Int = 200, columns: Int = 80, rows: Int = 24,
         identity: LineIdentity = .wholeLine, sectionBy: String? = nil, sectionStarts: Bool = false, every: Double? = nil, previewRunner: PreviewRunning? = nil,
         clock: Clock? = nil, history: HistoryBrowser? = nil,
         configure: (inout FeedScreen.Options) -> Void = { _ in }) {
        let now = { clock?.date ?? Self.now }
        var options = FeedScreen.Options()
        options.timeZone = TimeZone(identifier: "UTC")!
        configure(&options)
        canvas = MemoryScreen(columns: columns, rows: rows)
        reactor = FeedReactor(source: source, pageSize: pageSize, scheduler: time.scheduler, now: now,
                              identity: identity, sectionPattern: sectionBy.map { try! CapturePattern($0) }, sectionStarts: sectionStarts, every: every,
                              history: history)
        screen = FeedScreen(scheduler: time.scheduler, options: options, now: now, previewRunner: previewRunner)
        screen.onChoose = { [unowned self] in self.chosen.append(String(decoding: $0, as: UTF8.self)) }
        screen.onQuit = { [unowned self] in self.quits += 1 }
        screen.reactor = reactor
        reactor.action.send(.refresh)
        render()
    }

    /// A screen on a list of several sources (each followed to its end, as the app does), with
    /// these titles.
    init(sources: [FeedSource], titles: [String], pageSize: Int = 200, columns: Int = 80, rows: Int = 24, every: Double? = nil,
         alert: String? = nil, clock: Clock? = nil, histories: [HistoryBrowser?] = [],
         configure: (inout FeedScreen.Options) -> Void = { _ in }) {
        let now = { clock?.date ?? Self.now }
        var options = FeedScreen.Options()
        options.timeZone = TimeZone(identifier: "UTC")!
        configure(&options)
        canvas = MemoryScreen(columns: columns, rows: rows)
        let time = time
        let pattern = alert.flatMap { try? TextPattern($0, syntax: .regularExpression) }
        let reactors = sources.enumerated().map { index, source in
            SourceReactor(source: source, pageSize: pageSize, scheduler: time.scheduler, now: now, every: every, alert: pattern,
                          followsEnd: true, history: index < histories.count ? histories[index] : nil)
        }
        reactor = FeedReactor(sources: reactors, titles: titles, scheduler: time.scheduler)
        screen = FeedScreen(scheduler: time.scheduler, options: options, now: now)
        screen.onChoose = { [unowned self] in self.chosen.append(String(decoding: $0, as: UTF8.self)) }
        screen.onQuit = { [unowned self] in self.quits += 1 }
        screen.onBell = { [unowned self] in self.bells += 1 }
        screen.reactor = reactor
        reactor.action.send(.refresh)
        render()
    }

    @discardableResult
    func render() -> [String] {
        screen.render(on: canvas)
        return canvas.lines
    }

    func press(_ keys: Key..., times: Int = 1) {
        for _ in 0..<times {
            for key in keys {
                screen.handle(.key(key))
                render()
            }
        }
    }

    func advance(_ seconds: Double) {
        time.advance(seconds)
        render()
    }

    var lines: [String] { canvas.lines }
    var text: String { canvas.text }

    /// The selected row's text, without its `›`, if a row shows selected.
    var selectedRow: String? {
        lines.first { $0.hasPrefix("›") }.map { String($0.dropFirst()) }
    }

    /// Lets the search and filter walks that run in the background (over more than
    /// `FindModel.syncRows` rows) finish and their results arrive on the loop, until none runs.
    func finishFindWalks() {
        for _ in 0..<100 {
            screen.find.runtime.waitForBackgroundWork()
            advance(0)
            if !screen.find.model.hasBackgroundWork { break }
        }
    }

    /// Presses each character of `text`.
    func type(_ text: String) {
        for c in text { press(.character(c)) }
    }
}
