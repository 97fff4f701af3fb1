import Foundation
import Testing

/// The example program, `files-demo`, driven in tmux as a user would: pull to refresh, release,
/// "Loading...", load more, "No more data", Enter prints the path.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct FilesDemoEndToEndTests {
    @Test func pullToRefreshLoadMoreAndChoose() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/src", withIntermediateDirectories: true)
        for i in 0..<70 { _ = HardeningSession.fixture("src/file\(String(format: "%02d", i)).swift", in: directory, Array("x\n".utf8)) }
        let outPath = directory + ".out"  // beside the folder, not in it
        defer { unlink(outPath) }
        let binary = try #require(Tmux.builtProduct("files-demo"), "files-demo is not built: run `swift build` first")
        let script = "\(Tmux.shellQuote(binary.path)) \(Tmux.shellQuote(directory)) > \(Tmux.shellQuote(outPath)); echo \"exited $?\""
        let tmux = try Tmux(columns: 60, rows: 20, command: ["sh", "-c", script + "; exec sh"], environment: ["TERM": "tmux-256color"])
        defer { tmux.kill() }
        try tmux.waitFor("Files · 50 shown")
        #expect(tmux.capture().contains("src/"))

        _ = HardeningSession.fixture("NEW.txt", in: directory, Array("new\n".utf8))
        tmux.sendKeys("Up", "Up")
        try tmux.waitFor("Release to refresh")
        try tmux.waitFor("Loading...")
        try tmux.waitFor("NEW.txt", timeout: 30)

        tmux.sendKeys("-N", "60", "Down")
        try tmux.waitFor("Files · 71 shown")
        tmux.sendKeys("-N", "30", "Down")
        try tmux.waitFor("No more data")
        tmux.sendKeys("Enter")
        try tmux.waitFor("exited 0")
        let out = try String(contentsOfFile: outPath, encoding: .utf8)
        #expect(out == "src/file69.swift\n")
    }
}
