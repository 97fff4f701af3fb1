import Foundation
import Testing

/// `[`, `]` and `d` driven from outside: a command's kept results shown again without running
/// it, found after a restart, bounded by `--history`, kept in memory without a database, and
/// the rows a result removed shown and hidden.
@Suite(.serialized) struct HistoryStepsEndToEndTests {
    typealias Folder = HistoryEndToEndTests.Folder
    let history = HistoryEndToEndTests()

    /// The screen's rows.
    static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The title line of `screen`.
    static func title(_ screen: String) -> String { rows(screen).first ?? "" }

    /// Presses `key` and waits until the selected row is `›row` and the title says `title`.
    @discardableResult
    func press(_ key: String, on app: Tmux, row: String, title: String) throws -> String {
        app.sendKeys(key)
        return try app.waitUntil(timeout: 20, "\(row) under \(title)") { screen in
            Self.rows(screen).contains("›" + row) && Self.title(screen).contains(title)
        }
    }

    /// A counting command run `runs` times in one app (it stays open).
    func counter(_ folder: Folder, runs: Int, extra: [String] = []) throws -> Tmux {
        let first = folder.runs + 1
        let app = try folder.app(extra + ["--command", folder.counter])
        try app.waitFor("value \(first)", timeout: 20)
        for value in first + 1 ..< first + runs {
            app.sendKeys("r")
            try app.waitFor("value \(value)", timeout: 20)
        }
        return app
    }

    @Test func threeRunsStepBackAndForwardToLiveAndTheCommandRanThreeTimes() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        let app = try counter(folder, runs: 3)
        try press("[", on: app, row: "value 2", title: "history 2/3 · ")
        try press("[", on: app, row: "value 1", title: "history 1/3 · ")
        try press("]", on: app, row: "value 2", title: "history 2/3 · ")
        let live = try press("]", on: app, row: "value 3", title: "updated ")
        #expect(!Self.title(live).contains("history"))
        #expect(folder.runs == 3, "stepping ran nothing")
        try history.quit(app)
        #expect(folder.runs == 3)
    }

    @Test func theHistoryOfACommandIsThereAfterARestart() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        try history.quit(try counter(folder, runs: 3))
        let app = try counter(folder, runs: 1)
        try press("[", on: app, row: "value 3", title: "history 3/4 · ")
        try press("[", on: app, row: "value 2", title: "history 2/4 · ")
        try history.quit(app)
        #expect(try folder.integrityCheck() == "ok\n")
        #expect(folder.runs == 4)
    }

    @Test func historyThreeAfterSixRunsReachesBackToTheFourthOnly() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        let app = try counter(folder, runs: 6, extra: ["--history", "3"])
        try press("[", on: app, row: "value 5", title: "history 2/3 · ")
        try press("[", on: app, row: "value 4", title: "history 1/3 · ")
        app.sendKeys("[")
        let screen = try app.waitFor("No older result kept", timeout: 20)
        #expect(Self.rows(screen).contains("›value 4") && Self.title(screen).contains("history 1/3"))
        try history.quit(app)
    }

    @Test func withoutADatabaseStepsCoverThisRunInMemory() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        let app = try counter(folder, runs: 3, extra: ["--no-history"])
        try press("[", on: app, row: "value 2", title: "history 2/3 · ")
        try press("[", on: app, row: "value 1", title: "history 1/3 · ")
        try history.quit(app)
        #expect(!FileManager.default.fileExists(atPath: folder.database), "nothing on disk")
    }

    @Test func dShowsAndHidesARemovedRow() throws {
        guard Tmux.isAvailable else { return }
        let folder = try Folder()
        // alpha bravo charlie, then alpha charlie delta, then alpha delta echo.
        let script = "n=$(cat rows 2>/dev/null || echo 0); n=$((n+1)); echo $n > rows\n"
            + "if [ $n = 1 ]; then printf 'alpha\\nbravo\\ncharlie\\n'; elif [ $n = 2 ]; then printf 'alpha\\ncharlie\\ndelta\\n'; "
            + "else printf 'alpha\\ndelta\\necho\\n'; fi\n"
        try script.write(toFile: folder.path + "/rows.sh", atomically: true, encoding: .utf8)
        let app = try folder.app(["--command", "sh rows.sh"])
        try app.waitFor("alpha", timeout: 20)
        app.sendKeys("r")
        try app.waitFor("delta", timeout: 20)
        app.sendKeys("r")
        try app.waitFor("echo", timeout: 20)
        func list(_ screen: String) -> [String] { Array(Self.rows(screen)[1...4]) }

        app.sendKeys("d")
        var screen = try app.waitFor("-charlie", timeout: 20)
        #expect(list(screen) == ["›alpha", "-charlie", " delta", "+echo"], "\(screen)")
        let styled = Self.rows(app.captureStyled()).first { $0.contains("-charlie") } ?? ""
        #expect(styled.contains(";2m") || styled.contains("[2m"), "the removed row is dim: \(styled)")
        app.sendKeys("d")
        screen = try app.waitUntil(timeout: 20, "the removed row hidden") { !$0.contains("charlie") }
        #expect(list(screen) == ["›alpha", " delta", "+echo", ""], "\(screen)")

        try press("[", on: app, row: "alpha", title: "history 2/3 · ")
        app.sendKeys("d")
        screen = try app.waitFor("-bravo", timeout: 20)
        #expect(list(screen) == ["›alpha", "-bravo", " charlie", "+delta"], "\(screen)")
        app.sendKeys("d")
        screen = try app.waitUntil(timeout: 20, "the removed row hidden") { !$0.contains("bravo") }
        #expect(list(screen) == ["›alpha", " charlie", "+delta", ""], "\(screen)")
        try history.quit(app)
    }
}
