import Foundation
import Testing

/// The refresh history, driven from outside: results kept across runs in an SQLite database
/// under `XDG_STATE_HOME`, read back with `--history-list` and `--history-show`, bounded by
/// `--history`, intact after `kill -9` (and stepped back into at the next start), and a database
/// that cannot be used only turning history off (stepping back goes on in memory).
@Suite(.serialized) struct HistoryEndToEndTests {
    /// A folder with a counting command (`sh count.sh` prints `value N`, N one more each run)
    /// and a state folder for the history; removed afterwards.
    final class Folder {
        let path = NSTemporaryDirectory() + "pullfeed-history-e2e-\(UUID().uuidString)"
        var state: String { path + "/state" }
        var database: String { state + "/pullfeed/history.sqlite" }
        let counter = "sh count.sh"

        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let script = "n=$(cat \"\(path)/n\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"\(path)/n\"; echo run >> \"\(path)/runs\"; echo \"value $n\"\n"
            try script.write(toFile: path + "/count.sh", atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// How many times the command ran (two pullfeeds may both read the same `n`: each run
        /// also adds a line to `runs`).
        var runs: Int { ((try? String(contentsOfFile: path + "/runs", encoding: .utf8)) ?? "").split(separator: "\n").count }

        /// `pullfeed ARGUMENTS` in a terminal, run in this folder (the pane's process is pullfeed).
        func app(_ arguments: [String], columns: Int = 100) throws -> Tmux {
            let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
            let line = "cd \(Tmux.shellQuote(path)) && exec " + ([binary.path] + arguments).map(Tmux.shellQuote).joined(separator: " ")
            return try Tmux(columns: columns, command: ["sh", "-c", line], environment: ["XDG_STATE_HOME": state, "SWIFT_BACKTRACE": "enable=no"])
        }

        /// `pullfeed ARGUMENTS` without a terminal, in this folder: its status, stdout and stderr.
        func cli(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
            let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
            return try Self.run(binary.path, arguments, in: path, environment: ["XDG_STATE_HOME": state, "HOME": path])
        }

        /// `sqlite3 DATABASE 'PRAGMA integrity_check'`'s output.
        func integrityCheck() throws -> String {
            try Self.run("/usr/bin/sqlite3", [database, "PRAGMA integrity_check"], in: path).out
        }

        static func run(_ tool: String, _ arguments: [String], in directory: String,
                        environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
            let run = try ToolRun.run(tool, arguments, in: directory,
                                      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 })
            return (run.status, run.stdout, run.stderr)
        }

        /// The results `--history-list` prints (its lines `  N  YYYY-MM-DD HH:MM:SS  R rows`).
        func listedResults() throws -> [String] {
            let list = try cli(["--history-list"])
            #expect(list.status == 0, "\(list.err)")
            return list.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") && $0.contains(" row") }
        }
    }

    /// Runs the counting command, refreshes it `refreshes` times (each run shown), and quits.
    func runCounter(_ folder: Folder, refreshes: Int, extra: [String] = []) throws {
        let first = folder.runs + 1
        let app = try folder.app(extra + ["--command", folder.counter])
        try app.waitFor("value \(first)", timeout: 20)
        for value in first + 1 ..< first + 1 + refreshes {
            app.sendKeys("r")
            try app.waitFor("value \(value)", timeout: 20)
        }
        try quit(app)
    }

    /// Presses q and waits until the app has ended. (tmux may leave it a zombie for a while,
    /// its pane not yet dead: an ended process is enough.)
    func quit(_ app: Tmux) throws {
        let pid = try #require(app.panePID())
        app.sendKeys("q")
        try waitForEnd(of: pid)
    }

    /// Waits until process `pid` is gone (or has ended and waits to be reaped).
    func waitForEnd(of pid: Int32, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        func isZombie() -> Bool {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        while kill(pid, 0) == 0, !isZombie() {
            if Date() > deadline { throw Tmux.Failure(description: "process \(pid) did not end within \(timeout) s") }
            usleep(20_000)
        }
    }

    @Test func threeRunsAreKeptShownByNumberAndFoundAgainAfterARestart() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        try runCounter(folder, refreshes: 2)
        #expect(folder.runs == 3)
        let results = try folder.listedResults()
        #expect(results.count == 3, "\(results)")
        #expect(results.allSatisfy { $0.hasSuffix("1 row") })
        let list = try folder.cli(["--history-list"]).out
        #expect(list.hasPrefix("command 'sh count.sh' in \(folder.path) · 3 results\n"), "\(list)")
        let second = try folder.cli(["--history-show", folder.counter, "2"])
        #expect(second.status == 0 && second.out == "value 2\n", "\(second)")
        #expect(try folder.cli(["--history-show", folder.counter]).out == "value 3\n")

        try runCounter(folder, refreshes: 0)
        #expect(try folder.listedResults().count == 4)
        #expect(try folder.cli(["--history-show", folder.counter, "4"]).out == "value 1\n")
        #expect(try folder.integrityCheck() == "ok\n")
    }

    @Test func historyThreeAfterSixRunsKeepsTheNewestThree() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        try runCounter(folder, refreshes: 5, extra: ["--history", "3"])
        #expect(try folder.listedResults().count == 3)
        #expect(try folder.cli(["--history-show", folder.counter, "3"]).out == "value 4\n")
        let gone = try folder.cli(["--history-show", folder.counter, "4"])
        #expect(gone.status == 1 && gone.err.contains("has 3 results kept"), "\(gone)")
    }

    @Test func killNineDuringEveryLeavesADatabaseThatPassesItsIntegrityCheck() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        let app = try folder.app(["--every", "0.2", "--command", folder.counter])
        try app.waitFor("value 12", timeout: 30)
        let pid = try #require(app.panePID())
        #expect(kill(pid, SIGKILL) == 0)
        try waitForEnd(of: pid)
        #expect(try folder.integrityCheck() == "ok\n")
        let kept = try folder.listedResults().count
        #expect(kept >= 10 && kept <= folder.runs, "\(kept) of \(folder.runs) runs kept")
        // The next start can step back into what was kept.
        let last = folder.runs
        let again = try folder.app(["--command", folder.counter])
        try again.waitFor("value \(last + 1)", timeout: 20)
        again.sendKeys("[")
        try again.waitFor("history \(kept)/\(kept + 1) · ", timeout: 20)
        try quit(again)
        #expect(try folder.listedResults().count == kept + 1)
    }

    @Test func aDamagedDatabaseTurnsHistoryOffOnceAndTheFeedGoesOnLive() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.state + "/pullfeed", withIntermediateDirectories: true)
        let junk = Data((0..<9_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try junk.write(to: URL(fileURLWithPath: folder.database))
        let app = try folder.app(["--command", folder.counter], columns: 200)
        try app.waitFor("History off: \(folder.database) is damaged (remove it to start a new history)", timeout: 20)
        try app.waitFor("value 1")
        app.sendKeys("r")
        try app.waitFor("value 2", timeout: 20)
        #expect(!app.capture().contains("History off"), "said once: a refresh does not say it again")
        // Stepping back goes on in memory, this run's results all there.
        app.sendKeys("[")
        try app.waitFor("history 1/2 · ", timeout: 20)
        #expect(app.capture().contains("›value 1"))
        try quit(app)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.database)) == junk, "the damaged file is left as it was")
    }

    @Test func aDatabaseLockedByAnotherProgramTurnsHistoryOffAndTheFeedGoesOnLive() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        try runCounter(folder, refreshes: 0)
        // Another program holds the write lock for as long as the test runs.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [folder.database]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nINSERT INTO source (kind, text, directory) VALUES ('file', '/held', '');\n".utf8))
        let app = try folder.app(["--command", folder.counter], columns: 200)
        try app.waitFor("value 2", timeout: 20)
        try app.waitFor("History off: \(folder.database) is locked by another program", timeout: 30)
        app.sendKeys("r")
        try app.waitFor("value 3", timeout: 20)
        try quit(app)
        input.fileHandleForWriting.write(Data("ROLLBACK;\n".utf8))
        #expect(try folder.listedResults().count == 1, "nothing was written while it was locked")
    }

    @Test func twoPullfeedsOnTheSameCommandShareItsHistory() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        let one = try folder.app(["--every", "0.2", "--command", folder.counter])
        let two = try folder.app(["--every", "0.2", "--command", folder.counter])
        try one.waitUntil(timeout: 30, "20 runs") { _ in folder.runs >= 20 }
        for app in [one, two] { try quit(app) }
        let list = try folder.cli(["--history-list"]).out
        #expect(list.components(separatedBy: "command 'sh count.sh'").count == 2, "one source: \(list)")
        let kept = try folder.listedResults()
        #expect(kept.count >= 15 && kept.count <= folder.runs, "\(kept.count) of \(folder.runs) runs")
        #expect(try folder.integrityCheck() == "ok\n")
    }

    @Test func noHistoryKeepsNothingAndTheCommandLineSaysSo() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        try runCounter(folder, refreshes: 1, extra: ["--no-history"])
        let none = try folder.cli(["--history-list"])
        #expect(none.status == 1 && none.err.contains("pullfeed: no history yet"), "\(none)")
        #expect(!FileManager.default.fileExists(atPath: folder.database))
    }

    @Test func theHistoryCommandsRefuseWhatTheyCannotDo() throws {
        let folder = try Folder()
        for arguments in [["--history-show"], ["--history-show", "ls", "0"], ["--history-show", "ls", "1", "2"],
                          ["--history-list", "--command", "ls"], ["--history-list", "--history-show", "ls"],
                          ["--history", "0"], ["--history-size", "10K"]] {
            let result = try folder.cli(arguments)
            #expect(result.status == 2 && result.err.hasPrefix("pullfeed: ") && result.out.isEmpty, "\(arguments): \(result)")
        }
        let unknown = try folder.cli(["--history-show", "ls"])
        #expect(unknown.status == 1 && unknown.err == "pullfeed: no history yet: nothing is kept in \(folder.database)\n", "\(unknown)")
    }
}
