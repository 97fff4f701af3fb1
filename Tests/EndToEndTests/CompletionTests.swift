import Foundation
import Testing

/// The completion scripts `pullfeed --generate-completion-script` writes (and `make install`
/// installs), each loaded in its real shell in tmux and completed with Tab as a user would:
/// file names where a path goes (the FILE argument, `--file`), the values of the closed
/// options (`--lang`, `--footer`), and never a `help` subcommand, which pullfeed does not have.
/// A shell that is not installed is skipped (`.ci/run` installs zsh and fish).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct CompletionTests {
    /// How each shell is started without the user's files, and how it loads a script.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish

        var command: [String] {
            switch self {
            case .bash: return ["bash", "--norc", "--noprofile"]
            case .zsh: return ["zsh", "-f"]
            case .fish:
                // A plain prompt and no suggestions from history: the screen shows only what Tab did.
                return ["fish", "--no-config", "-C", "function fish_prompt; echo -n '$ '; end; set -g fish_autosuggestion_enabled 0"]
            }
        }

        func load(_ script: String) -> String {
            switch self {
            case .bash: return "source \(script)"
            case .zsh: return "autoload -U compinit; compinit -u; source \(script)"
            case .fish: return "source \(script)"
            }
        }

        /// Tab presses that list the choices (bash lists on the second).
        var listTabs: [String] { self == .bash ? ["Tab", "Tab"] : ["Tab"] }

        var isInstalled: Bool {
            ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(rawValue)") }
        }
    }

    /// A folder holding two files to complete and `bin/pullfeed`, and the shell started in it
    /// with the script loaded.
    func start(_ shell: Shell) throws -> (Tmux, URL) {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pullfeed-completion-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("pullfeed"), withDestinationURL: binary)
        try "a\n".write(to: folder.appendingPathComponent("alpha.txt"), atomically: true, encoding: .utf8)
        try "b\n".write(to: folder.appendingPathComponent("beta.log"), atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("script.\(shell.rawValue)")
        try completionScript(shell, binary: binary).write(to: script, atomically: true, encoding: .utf8)
        let command = "cd \(Tmux.shellQuote(folder.path)) && exec \(shell.command.map(Tmux.shellQuote).joined(separator: " "))"
        let tmux = try Tmux(columns: 100, rows: 20, command: ["sh", "-c", command], environment: [
            "PATH": "\(bin.path):/usr/bin:/bin", "HOME": folder.path, "PS1": "$ ",
        ])
        try tmux.waitFor("$", timeout: 20)
        // The word printed in lower case shows the script loaded (the line typed has it in capitals).
        tmux.sendKeys(shell.load(script.path) + "; echo LOADED | tr A-Z a-z", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitFor("loaded", timeout: 20)
        try clear(tmux)
        return (tmux, folder)
    }

    func completionScript(_ shell: Shell, binary: URL) throws -> String {
        let run = try ToolRun.run(binary.path, ["--generate-completion-script", shell.rawValue])
        #expect(run.status == 0)
        return run.stdout
    }

    /// Abandons the line being typed and clears the screen, so the next check sees only its own.
    func clear(_ tmux: Tmux) throws {
        tmux.sendKeys("C-e")
        tmux.sendKeys("C-u")
        tmux.sendKeys("C-l")
        try tmux.waitUntil(timeout: 20, "an empty screen") { !$0.contains("pullfeed") && !$0.contains("loaded") }
    }

    /// Types `text`, presses `tabs`, and returns the screen once `predicate` holds.
    @discardableResult
    func complete(_ tmux: Tmux, _ text: String, tabs: [String], until what: String, _ predicate: @escaping (String) -> Bool) throws -> String {
        tmux.sendKeys(text, literal: true)
        try tmux.waitFor(text.trimmingCharacters(in: .whitespaces), timeout: 20)
        for tab in tabs { tmux.sendKeys(tab) }
        return try tmux.waitUntil(timeout: 20, what, predicate)
    }

    @Test(arguments: Shell.allCases)
    func completesFilesAndTheValuesOfClosedOptionsButNoHelpSubcommand(_ shell: Shell) throws {
        guard shell.isInstalled else { return }
        let (tmux, folder) = try start(shell)
        defer { tmux.kill(); try? FileManager.default.removeItem(at: folder) }

        try complete(tmux, "pullfeed al", tabs: ["Tab"], until: "the FILE argument completed") { $0.contains("pullfeed alpha.txt") }
        try clear(tmux)

        try complete(tmux, "pullfeed --file be", tabs: ["Tab"], until: "--file's path completed") { $0.contains("pullfeed --file beta.log") }
        try clear(tmux)

        try complete(tmux, "pullfeed --lang ", tabs: shell.listTabs, until: "--lang's values") { $0.contains("zh-Hans") }
        try clear(tmux)

        let footer = try complete(tmux, "pullfeed --footer ", tabs: shell.listTabs, until: "--footer's values") {
            $0.contains("auto") && $0.contains("back")
        }
        #expect(!footer.contains("help"))
        try clear(tmux)

        let files = try complete(tmux, "pullfeed ", tabs: shell.listTabs, until: "the files where FILE goes") {
            $0.contains("alpha.txt") && $0.contains("beta.log")
        }
        #expect(!files.contains("help"), "pullfeed has no help subcommand to offer:\n\(files)")
    }
}
