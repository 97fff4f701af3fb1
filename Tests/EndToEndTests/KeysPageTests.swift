import Foundation
import Testing

/// The list of keys (`?`) in the real binary on screens too short for it: it scrolls with the
/// list's keys, says when more is above or below, cuts long lines with `…`, names Ctrl-C, the
/// mouse and Esc on a filter, and closes with q, Esc or any other key. Needs `swift build` to
/// have built `pullfeed`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct KeysPageTests {
    let stateDir = NSTemporaryDirectory() + "pullfeed-e2e-state-\(UUID().uuidString)"

    /// Runs `pullfeed ARGS` from `sh`, which prints the exit status afterwards and stays.
    func start(_ arguments: [String], columns: Int, rows: Int, waitFor text: String) throws -> Tmux {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let quoted = ([binary.path] + arguments).map(Tmux.shellQuote).joined(separator: " ")
        let script = "\(quoted); echo \"pullfeed exited with $?\"; exec sh"
        let tmux = try Tmux(columns: columns, rows: rows, command: ["sh", "-c", script], environment: [
            "PS1": "$ ", "XDG_STATE_HOME": stateDir, "SWIFT_BACKTRACE": "enable=no",
        ])
        try tmux.waitFor(text)
        return tmux
    }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    /// Pages down with `key` until the last row no longer says `moreBelow`; every row seen.
    func scrollToTheEnd(_ tmux: Tmux, key: String, moreBelow: String, rows: Int) throws -> [String] {
        var seen: [String] = []
        var screen = tmux.capture()
        for _ in 0..<20 {
            seen += lines(screen)
            guard lines(screen)[rows - 1].contains(moreBelow) else { return seen }
            let before = screen
            tmux.sendKeys(key)
            screen = try tmux.waitUntil("the keys to scroll") { $0 != before }
        }
        Issue.record("the keys never reached their end")
        return seen
    }

    @Test func theKeysScrollOnFortyByTen() throws {
        let tmux = try start(["--command", "seq 1 50"], columns: 40, rows: 10, waitFor: "50 items")
        defer { tmux.kill() }
        tmux.sendKeys("?")
        var screen = try tmux.waitFor(" Keys")
        #expect(lines(screen)[9].contains("more below"), "\(screen)")
        #expect(!screen.contains("more above"))
        #expect(lines(screen).contains { $0.hasSuffix("…") }, "long lines are cut with …: \(screen)")
        tmux.sendKeys("Down")
        screen = try tmux.waitFor("more above")
        #expect(lines(screen)[1].contains("more above"))
        tmux.sendKeys("k")
        try tmux.waitUntil("back at the top") { !$0.contains("more above") && $0.contains(" Keys") }
        let seen = try scrollToTheEnd(tmux, key: "Space", moreBelow: "more below", rows: 10).joined(separator: "\n")
        for name in ["Ctrl-C", "Esc", "Mouse wheel", "Mouse click", "Ctrl-L"] {
            #expect(seen.contains(name), "the keys never name \(name)")
        }
        tmux.sendKeys("PgUp")
        try tmux.waitFor("more below")
        tmux.sendKeys("q")
        screen = try tmux.waitUntil("the keys to close") { $0.hasPrefix(" PullFeed") }
        #expect(!screen.contains("exited"))
        tmux.sendKeys("?")
        try tmux.waitFor(" Keys")
        tmux.sendKeys("x")
        try tmux.waitUntil("any other key to close the keys") { $0.hasPrefix(" PullFeed") }
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    /// Starts `pullfeed ARGUMENTS` in a pane of `columns`×`rows`, opens `?` and pages to the end
    /// of the keys with `key`: the first page's rows, and the text of every row seen.
    func keysSeen(_ arguments: [String], columns: Int, rows: Int, ready: String, title: String,
                  moreBelow: String, key: String) throws -> (Tmux, first: [String], seen: String) {
        let tmux = try start(arguments, columns: columns, rows: rows, waitFor: ready)
        tmux.sendKeys("?")
        let first = lines(try tmux.waitFor(title))
        return (tmux, first, try scrollToTheEnd(tmux, key: key, moreBelow: moreBelow, rows: rows).joined(separator: "\n"))
    }

    /// Closes the keys with `key`, then quits.
    func close(_ tmux: Tmux, with key: String) throws {
        tmux.sendKeys(key)
        try tmux.waitUntil("\(key) to close the keys") { $0.hasPrefix(" PullFeed") }
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func theKeysSayWhatCtrlCTheMouseAndEscOnAFilterDo() throws {
        let (tmux, _, seen) = try keysSeen(["--command", "seq 1 50"], columns: 80, rows: 12, ready: "50 items",
                                        title: " Keys", moreBelow: "more below", key: "PgDn")
        defer { tmux.kill() }
        for text in ["first undoes a search, its matches, a filter", "Ctrl-C and Esc cancel a search or a prompt first",
                     "at the top, pull to refresh", "Select the row"] {
            #expect(seen.contains(text), "the keys never say \(text)")
        }
        try close(tmux, with: "Escape")
    }

    @Test func theKeysScrollInChinese() throws {
        let (tmux, first, seen) = try keysSeen(["--command", "seq 1 50", "--lang", "zh-Hans"], columns: 40, rows: 10,
                                               ready: "50 项", title: " 按键", moreBelow: "下面还有", key: "Space")
        defer { tmux.kill() }
        #expect(first[9].contains("下面还有"), "\(first)")
        #expect(!first.joined().contains("上面还有"))
        #expect(seen.contains("上面还有"), "a later page says more is above")
        #expect(seen.contains("Ctrl-C"))
        #expect(seen.contains("鼠标滚轮"))
        try close(tmux, with: "q")
    }
}
