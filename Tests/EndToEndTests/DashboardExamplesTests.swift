import Foundation
import Testing

/// The README's "Dashboards" examples, as written, in a real terminal: `ps -ef` with a key that
/// kills, `git branch | pullfeed -m | xargs git branch -d`, and `docker` and `kubectl` (small
/// stand-ins on PATH that print a table and record what they are asked to do).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct DashboardExamplesTests {
    typealias Session = EveryTerminalTests.Session

    /// Shell text for a session's prefix: waits until the test has written its files (`ready`),
    /// with the session's directory first on PATH.
    static let waitForFiles = "while [ ! -f ready ]; do sleep 0.02; done; PATH=\"$PWD:$PATH\"; export PATH;"

    /// Writes `files` (name, text, executable) into the session's directory, then `ready`.
    static func write(_ files: [(String, String, Bool)], in session: Session) throws {
        for (name, text, executable) in files {
            let path = session.directory + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        }
        _ = FileManager.default.createFile(atPath: session.directory + "/ready", contents: nil)
    }

    @Test func psWithAKeyThatKills() throws {
        let session = try Session(
            ["--every", "2", "--header-lines", "1", "--id", "2", "--command", "ps -ef",
             "--bind", "ctrl-k:execute-silent(kill {2})+refresh,enter:execute(less /proc/{2}/status)"],
            term: "tmux-256color", prefix: "sleep 4242 & echo $! > sleeper;")
        try session.tmux.waitFor("UID")
        let pid = try #require(Int32(session.file("sleeper")))
        session.tmux.sendKeys("/")
        // The row of the sleep itself (the shell that started it has "sleep 4242 &" in its line).
        session.tmux.sendKeys("sleep 4242$", literal: true)
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("sleep 4242")
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("State:")
        session.tmux.sendKeys("q")
        try session.waitForSelection("sleep 4242")
        session.tmux.sendKeys("C-k")
        try session.tmux.waitUntil("the killed process gone from the list") { !$0.contains("sleep 4242") }
        // Killed: gone, or a zombie until the shell that started it reaps it.
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        #expect(stat == nil || stat!.contains(") Z "), "the process is gone: \(stat ?? "")")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    @Test func gitBranchesMarkedAndDeleted() throws {
        let setup = "git init -q -b main repo && cd repo && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m init"
            + " && git branch old-1 && git branch keep && git branch old-2 &&"
        let session = try Session(["-m"], term: "tmux-256color",
                                  prefix: "\(setup) git branch --format='%(refname:short)' |",
                                  redirections: "| xargs git branch -d > ../deleted 2>&1; git branch --format='%(refname:short)' > ../left; cd ..")
        try session.waitForSelection("keep")
        // keep, main, old-1, old-2: mark the two old ones.
        session.tmux.sendKeys("Down", "Down", "Tab", "Tab")
        try session.tmux.waitFor("2 marked · 4 items")
        session.tmux.sendKeys("Enter")
        _ = try session.exitStatus()
        #expect(session.file("left") == "keep\nmain", "\(session.file("deleted"))")
    }

    static let docker = """
        #!/bin/sh
        case "$1" in
        ps) echo "CONTAINER ID   IMAGE   NAMES"; cat containers ;;
        stop) grep -v "^$2 " containers > containers.new; mv containers.new containers; echo "$2" >> stopped ;;
        logs) echo "log of $4" ;;
        exec) echo "$@" >> execs ;;
        esac
        """

    @Test func dockerLogsAndStop() throws {
        let session = try Session(
            ["--every", "2", "--header-lines", "1", "--id", "1", "--command", "docker ps",
             "--bind", "f3:execute(docker logs --tail 500 {1} 2>&1 | less),enter:execute(docker exec -it {1} sh)",
             "--bind", "ctrl-k:execute-silent(docker stop {1})+refresh"],
            term: "tmux-256color", prefix: Self.waitForFiles)
        try Self.write([("docker", Self.docker, true),
                        ("containers", "a1b2c3   nginx   web\nd4e5f6   redis   cache\n", false)], in: session)
        try session.waitForSelection("a1b2c3")
        session.tmux.sendKeys("Down", "F3")
        try session.tmux.waitFor("log of d4e5f6")
        session.tmux.sendKeys("q")
        try session.waitForSelection("d4e5f6")
        session.tmux.sendKeys("Enter")
        try session.tmux.waitUntil("docker exec") { _ in session.file("execs") == "exec -it d4e5f6 sh" }
        try session.waitForSelection("d4e5f6")
        session.tmux.sendKeys("C-k")
        try session.tmux.waitUntil("the stopped container gone") { !$0.contains("d4e5f6") }
        #expect(session.file("stopped") == "d4e5f6")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    static let kubectl = """
        #!/bin/sh
        case "$1 $2" in
        "get pods") echo "NAME   READY   STATUS"; cat pods ;;
        "delete pod") shift 2; for p in "$@"; do grep -v "^$p " pods > pods.new; mv pods.new pods; echo "$p" >> deleted; done ;;
        "describe pod") echo "Name: $3" ;;
        esac
        case "$1" in logs) echo "logs of $4" ;; esac
        """

    @Test func kubectlDescribeAndDeleteMarkedPods() throws {
        let session = try Session(
            ["-m", "--every", "2", "--header-lines", "1", "--id", "1", "--command", "kubectl get pods",
             "--bind", "enter:execute(kubectl describe pod {1} | less),f3:execute(kubectl logs --tail 500 {1} | less)",
             "--bind", "ctrl-k:execute-silent(kubectl delete pod {+1})+refresh"],
            term: "tmux-256color", prefix: Self.waitForFiles)
        try Self.write([("kubectl", Self.kubectl, true),
                        ("pods", "api-1   1/1   Running\napi-2   1/1   Running\ndb-0   1/1   Running\n", false)], in: session)
        try session.waitForSelection("api-1")
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("Name: api-1")
        session.tmux.sendKeys("q")
        try session.waitForSelection("api-1")
        session.tmux.sendKeys("Tab", "Tab")
        try session.tmux.waitFor("2 marked")
        session.tmux.sendKeys("C-k")
        try session.tmux.waitUntil("the marked pods gone") { !$0.contains("api-") && $0.contains("db-0") }
        #expect(session.file("deleted") == "api-1\napi-2")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }
}
