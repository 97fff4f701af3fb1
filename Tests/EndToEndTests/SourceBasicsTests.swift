import Foundation
import Testing

/// The line sources as a user meets them in the real binary (tmux, 80×24): a command's stdout
/// whatever its exit status, `--page-command` pages by page number through End, and a refresh
/// of piped input that keeps every line read. Needs `swift build` to have built `pullfeed`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct SourceBasicsTests {
    let stateDir = NSTemporaryDirectory() + "pullfeed-e2e-state-\(UUID().uuidString)"

    /// Runs `pullfeed ARGS` from `sh`, which prints the exit status afterwards and stays.
    func start(_ arguments: [String], shellPrefix: String = "", waitFor text: String) throws -> Tmux {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let quoted = ([binary.path] + arguments).map(Tmux.shellQuote).joined(separator: " ")
        let script = "\(shellPrefix)\(quoted); echo \"pullfeed exited with $?\"; exec sh"
        let tmux = try Tmux(command: ["sh", "-c", script], environment: [
            "PS1": "$ ", "XDG_STATE_HOME": stateDir, "SWIFT_BACKTRACE": "enable=no",
        ])
        try tmux.waitFor(text)
        return tmux
    }

    func title(_ screen: String) -> String { screen.components(separatedBy: "\n")[0] }

    /// Waits until the title bar ends with `suffix`.
    @discardableResult
    func waitForTitle(_ tmux: Tmux, endingWith suffix: String, timeout: Double = 10) throws -> String {
        try tmux.waitUntil(timeout: timeout, "the title to end with \(suffix)") {
            title($0).trimmingCharacters(in: .whitespaces).hasSuffix(suffix)
        }
    }

    func quit(_ tmux: Tmux) throws {
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func aFailedCommandsStdoutIsStillTheResult() throws {
        let tmux = try start(["--command", "printf 'alpha\\nbeta\\n'; echo oops >&2; echo more >&2; exit 3"],
                             waitFor: "exit status 3: oops")
        defer { tmux.kill() }
        let screen = try waitForTitle(tmux, endingWith: "2 items")
        #expect(screen.contains("alpha"))
        #expect(screen.contains("beta"))
        #expect(!screen.contains("Refresh failed"))
        try quit(tmux)
    }

    @Test func aFailedCommandWithoutStderrShowsItsStatus() throws {
        let tmux = try start(["--command", "seq 1 5; exit 4"], waitFor: "exit status 4")
        defer { tmux.kill() }
        let screen = try waitForTitle(tmux, endingWith: "5 items")
        let toast = screen.components(separatedBy: "\n").first { $0.contains("exit status 4") }
        #expect(toast?.trimmingCharacters(in: .whitespaces) == "exit status 4")
        try quit(tmux)
    }

    @Test func aFailedCommandThatPrintedNothingKeepsTheItems() throws {
        let marker = NSTemporaryDirectory() + "pullfeed-e2e-marker-\(UUID().uuidString)"
        defer { unlink(marker) }
        let command = "if [ -e \(marker) ]; then echo down >&2; exit 2; fi; touch \(marker); seq 1 7"
        let tmux = try start(["--command", command], waitFor: "7 items")
        defer { tmux.kill() }
        tmux.sendKeys("r")
        let screen = try tmux.waitFor("Refresh failed: down")
        #expect(title(screen).hasSuffix("7 items"))
        try quit(tmux)
    }

    @Test func endOnAPageCommandLoadsConsecutivePages() throws {
        let log = NSTemporaryDirectory() + "pullfeed-e2e-pages-\(UUID().uuidString).log"
        defer { unlink(log) }
        // Pages by page number only, as many paging APIs do.
        let command = "echo \"$PULLFEED_OFFSET $PULLFEED_LIMIT $PULLFEED_PAGE\" >> \(log); "
            + "seq 1 1000 | sed -n \"$((PULLFEED_PAGE * PULLFEED_LIMIT + 1)),$(((PULLFEED_PAGE + 1) * PULLFEED_LIMIT))p\" | sed 's/^/row /'"
        let tmux = try start(["--page-command", command, "--page-size", "100"], waitFor: "row 1\n")
        defer { tmux.kill() }
        tmux.sendKeys("End")
        let screen = try waitForTitle(tmux, endingWith: "1,000 items", timeout: 20)
        #expect(screen.contains("row 1000\n"))
        // The empty page that ends the list may still be on its way.
        var requests: [[Int]] = []
        let deadline = Date().addingTimeInterval(10)
        repeat {
            requests = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
                .split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
            if requests.count >= 11 || Date() > deadline { break }
            usleep(50_000)
        } while true
        // Ten full pages, then an empty one that says there is no more.
        #expect(requests.count == 11)
        for (index, request) in requests.enumerated() {
            #expect(request == [index * 100, 100, index], "request \(index)")
        }
        try quit(tmux)
    }

    @Test func refreshingPipedInputKeepsEveryLineRead() throws {
        let tmux = try start([], shellPrefix: "seq 1 1000 | ", waitFor: "›1\n")
        defer { tmux.kill() }
        tmux.sendKeys("End")
        try waitForTitle(tmux, endingWith: "1,000 items")
        tmux.sendKeys("r")
        // A refresh of piped input is instant; any other count shows up within this window.
        let shrunk = try? tmux.waitUntil(timeout: 2, "the count to change") {
            !title($0).trimmingCharacters(in: .whitespaces).hasSuffix("1,000 items")
        }
        #expect(shrunk == nil, "the refresh dropped lines: \(shrunk.map(title) ?? "")")
        tmux.sendKeys("End")
        let screen = try tmux.waitFor("›1000")
        #expect(title(screen).hasSuffix("1,000 items"))
        try quit(tmux)
    }
}
