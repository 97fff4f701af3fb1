import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PullToRefresh
import TerminalUI

/// The `pullfeed` command line. Parsing only: `PullFeedMain` turns it into a running app.
package struct PullFeedCommand: ParsableCommand {
    package static let version = "0.1.0"

    package static let configuration = CommandConfiguration(
        commandName: "pullfeed",
        abstract: "A refreshable, sectioned list in the terminal: pull down to refresh, scroll down to load more.",
        discussion: """
        With no source, pullfeed shows its demo feed. pullfeed FILE shows a file (- is standard \
        input). Lines piped into standard input are a source too (the keyboard is read from \
        /dev/tty), e.g.  git log --oneline | pullfeed
        For line sources, Enter prints the selected line to stdout and exits 0; with -m, Tab \
        marks lines and Enter prints every marked one:  git branch | pullfeed -m | xargs git branch -d
        --bind turns keys into actions on the selected row, as fzf's does:  pullfeed --every 2 \
        --header-lines 1 --command 'ps -eo pid,user,comm' --bind 'ctrl-k:execute-silent(kill {1})+refresh,\
        enter:execute(less /proc/{1}/status)'

        Keys (? shows them in the app):
        \(keyList)
        A refresh keeps the selected item on its row and marks the new items (+); Home goes to \
        the first new (or changed) one. With --id, a line is identified by those fields, and one \
        whose text changed is marked ~ with its changed characters highlighted:  pullfeed \
        --every 2 --header-lines 1 --id 1 --command 'ps -eo pid,comm,etimes,time'  SIGUSR1 \
        refreshes too:  kill -USR1 $(pidof pullfeed)
        --section-by groups lines into sections, each with a header row (name, count, +N new) \
        that stays on top while its lines fill the list; o folds one, z the others, Z unfolds \
        all:  journalctl -f --no-hostname | pullfeed --section-by '^\\S+ \\S+ \\S+ (\\S+?)\\['

        Exit status: 0 ok, 1 runtime error (e.g. no terminal), 2 usage error, 130 interrupted \
        (Ctrl-C), or left without a choice from a line source while stdout is not a terminal \
        (q or Esc in a pipeline, as fzf does; 0 when stdout is the terminal, as less does).

        An unknown TERM (a terminal whose terminfo entry this machine lacks) runs as \
        xterm-256color. ESCDELAY (milliseconds, default 100) sets how long a lone Esc waits.
        PULLFEED_DEFAULT_OPTS holds options applied before the command line's (quoted as in a \
        shell), e.g. PULLFEED_DEFAULT_OPTS='--no-color --every 5'; the command line's value wins \
        (--color undoes --no-color).
        """,
        version: version
    )

    /// Every key binding and what it does, one a line, from the app's key map.
    static var keyList: String {
        let list = FeedCommand.keyMap(strings: AppStrings(language: .english, unicode: false), multi: true).keyList
        let width = list.map(\.keys.count).max() ?? 0
        return list.map { "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count) + "  " + $0.help }
            .joined(separator: "\n")
    }

    @Argument(help: ArgumentHelp("A text file to show, as --file does; - reads standard input.", valueName: "file"))
    package var path: String?

    @Option(name: .long, help: ArgumentHelp("Show the lines of a text file (- for standard input).", valueName: "path"))
    package var file: String?

    @Option(name: .long, help: ArgumentHelp("Show the stdout lines of `/bin/sh -c CMD`; refresh re-runs it.", valueName: "cmd"))
    package var command: String?

    @Option(name: .customLong("page-command"), help: ArgumentHelp(
        "Like --command, run once per page with PULLFEED_OFFSET, PULLFEED_LIMIT and PULLFEED_PAGE set; a short page means no more data.",
        valueName: "cmd"))
    package var pageCommand: String?

    @Option(name: .customLong("page-size"), parsing: .unconditional, help: "Lines per page for file, stdin and page-command sources.")
    package var pageSize: Int = Defaults.pageSize

    @Option(name: .long, help: "Footer style: auto (loads when it comes into view) or back (pull past the bottom).")
    package var footer: RefreshFooterKind = Defaults.footer

    @Option(name: .customLong("release-delay"), parsing: .unconditional, help: "Seconds without pull input that count as releasing the pull.")
    package var releaseDelay: Double = Defaults.releaseDelay

    @Option(name: .long, parsing: .unconditional, help: "Demo: seconds each request takes.")
    package var latency: Double = Defaults.latency

    @Option(name: .customLong("fail-rate"), parsing: .unconditional, help: "Demo: probability (0–1) that a request fails.")
    package var failRate: Double = Defaults.failRate

    /// `--seed` as given: read as text, so that a negative number gets the option's rule, not
    /// a generic parse error.
    @Option(name: .customLong("seed"), parsing: .unconditional, help: ArgumentHelp(
        "Demo: seed of the random failures (a whole number, 0 or more).", valueName: "seed"))
    package var seedText = String(Defaults.seed)

    /// The demo's seed (`--seed`), checked by `validate()`.
    package var seed: UInt64 { UInt64(seedText) ?? Defaults.seed }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Seconds a command's whole run may take before it is stopped and counts as failed; 0: no limit (for a command that never ends, such as journalctl -f).",
        valueName: "seconds"))
    package var timeout: Double = Defaults.timeout

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Refresh by itself SECONDS after each refresh ends (decimals allowed); p pauses.", valueName: "seconds"))
    package var every: Double?

    @Option(name: .customLong("header-lines"), parsing: .unconditional, help: ArgumentHelp(
        "Show the first N lines of each result fixed under the title, not as items (a column header).", valueName: "n"))
    package var headerLines: Int = 0

    /// `--id` as given, checked by `validate()`.
    @Option(name: .customLong("id"), parsing: .unconditional, help: ArgumentHelp(
        "Fields that identify a line across refreshes (fzf's syntax: 1, 2,4, -1, 2.., ..3, 2..4): a line whose fields were there before and whose text changed is changed (~, its changed characters highlighted), not new and gone. Default: the whole line.",
        valueName: "fields"))
    package var idText: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "What separates the fields of --id: this exact text (default: runs of blanks, those before the first field ignored).",
        valueName: "str"))
    package var delimiter: String?

    /// What identifies a line (`--id`, `--delimiter`), checked by `validate()`.
    package var lineIdentity: LineIdentity {
        guard let idText, let fields = try? FieldSelection(parsing: idText) else { return .wholeLine }
        return LineIdentity(fields: fields, delimiter: delimiter)
    }

    @Option(name: .long, help: ArgumentHelp(
        "Show the output of `/bin/sh -c CMD` for the selected row in a pane beside the list (v shows or hides it; Shift-Up/Down or the wheel scroll it). Placeholders, each shell-quoted: {} the row, {1} {-1} {2..} {1,3} its fields (split as --id splits them), {q} the search or filter text, {+} the marked rows. The demo previews its articles without it.",
        valueName: "cmd"))
    package var preview: String?

    @Option(name: .customLong("preview-window"), help: ArgumentHelp(
        "Where the preview goes: right or down, a size (N% or N columns/rows), hidden to start closed; e.g. right:50% (the default), down:40%, right:60:hidden.",
        valueName: "spec"))
    package var previewWindowText: String?

    /// The preview pane (`--preview`, `--preview-window`), checked by `validate()`; nil without
    /// `--preview`.
    package var previewSettings: PreviewSettings? {
        guard let preview, let template = try? RowTemplate(parsing: preview, delimiter: delimiter) else { return nil }
        return PreviewSettings(template: template, window: previewWindow ?? PreviewWindow())
    }

    /// `--preview-window` parsed, if given (checked by `validate()`).
    package var previewWindow: PreviewWindow? {
        previewWindowText.flatMap { try? PreviewWindow(parsing: $0) }
    }

    /// `--section-by` as given, checked by `validate()`.
    @Option(name: .customLong("section-by"), help: ArgumentHelp(
        "Group a line source's lines into sections named by this POSIX extended regular expression: its first group in a line's first match (or the whole match); lines with no match go to a last section, Other. \\d, \\s, \\S, \\w are understood; a lazy +? matches as +. o folds a section, z folds the others, Z unfolds all.",
        valueName: "regex"))
    package var sectionBy: String?

    /// What names a line's section (`--section-by`), checked by `validate()`.
    package var sectionPattern: CapturePattern? {
        sectionBy.flatMap { try? CapturePattern($0) }
    }

    /// `--max-disk` as given: read as text (`512M`, `4G`), checked by `validate()`.
    @Option(name: .customLong("max-disk"), parsing: .unconditional, help: ArgumentHelp(
        "Disk a stream (standard input, a FIFO, a command's output) may use in $TMPDIR once 8 MiB of its lines are in memory; past it the oldest lines are dropped. Bytes, or with K, M, G, T (512M, 4G); 0: no limit.",
        valueName: "size"))
    package var maxDiskText = "4G"

    /// `--max-disk` in bytes (0: no limit), checked by `validate()`.
    package var maxDisk: Int { SpillSettings.parseSize(maxDiskText) ?? SpillSettings.defaultMaxDisk }

    @Flag(name: [.customShort("m"), .long], help: ArgumentHelp(
        "Several choices: Tab marks the row and moves down, Shift-Tab marks and moves up; Enter prints every marked line, in list order, one a line (the selected one when none is marked). Marks follow their items across refreshes (see --id)."))
    package var multi = false

    @Option(name: .long, parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Bind keys to actions, as fzf does: KEY:ACTION[+ACTION...], several separated by commas, and the option may be repeated. Actions: execute(CMD) (the terminal is CMD's until it ends), execute-silent(CMD) (in the background; a failure is a toast), refresh, accept, toggle (with -m), toggle-preview, up, down, top, bottom. In CMD, {} is the selected line, {1} {-1} {2..} its fields, {q} the search or filter text, {+} the marked lines, each quoted for the shell. Keys: ctrl-a..ctrl-z (not ctrl-c, ctrl-z), alt-KEY, f1..f12, enter, space, tab, btab, del, bspace, esc, up, down, left, right, home, end, pgup, pgdn, or one character. A bound key wins over the built-in one. Example: --bind 'ctrl-k:execute-silent(kill {2})+refresh,f2:refresh'",
        valueName: "bindings"))
    package var bind: [String] = []

    /// The keys `--bind` binds, checked by `validate()`.
    package var bindings: BindingList { (try? BindingList(parsing: bind)) ?? BindingList() }

    @Option(name: .long, help: ArgumentHelp("Language of the refresh texts: en or zh-Hans (default: from LANG/LC_ALL).", valueName: "lang"))
    package var lang: String?

    /// `--color` / `--no-color`, the last one given winning, so that the command line can undo
    /// a `--no-color` in `PULLFEED_DEFAULT_OPTS`.
    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Colours from the data and on the screen; --no-color: none (also when NO_COLOR is set).")
    package var color = true
    package var noColor: Bool { !color }

    /// `--mouse` / `--no-mouse`, the last one given winning.
    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Wheel and clicks in the list; --no-mouse: the mouse left to the terminal (its own selection and copy work).")
    package var mouse = true
    package var noMouse: Bool { !mouse }

    package init() {}

    /// The file to show, from the positional argument or `--file`; nil for other sources.
    var filePath: String? { path ?? file }

    /// The values of the options not given.
    enum Defaults {
        static let pageSize = 200
        static let footer = RefreshFooterKind.auto
        static let releaseDelay = 0.5
        static let latency = 0.6
        static let failRate = 0.0
        static let seed: UInt64 = 1
        static let timeout = 30.0
    }

    /// Checks a time that must be more than 0 seconds and at most a day.
    private static func checkSeconds(_ value: Double, option: String) throws {
        if !(value > 0) { throw ValidationError("\(option) must be more than 0 seconds (got \(number(value)))") }
        if !(value <= 86_400) { throw ValidationError("\(option) must be at most 86400 seconds, a day (got \(number(value)))") }
    }

    /// `value` as it was most likely typed: `2`, `0.5`, `-1`.
    private static func number(_ value: Double) -> String { AppStrings.seconds(value) }

    package mutating func validate() throws {
        let sources = [path != nil, file != nil, command != nil, pageCommand != nil].filter { $0 }.count
        if sources > 1 { throw ValidationError("choose one source: a file, --file, --command or --page-command") }
        if let file, file.isEmpty { throw ValidationError("--file needs a path") }
        if let path, path.isEmpty { throw ValidationError("the file name is empty") }
        if let command, command.allSatisfy(\.isWhitespace) { throw ValidationError("--command needs a command") }
        if let pageCommand, pageCommand.allSatisfy(\.isWhitespace) {
            throw ValidationError("--page-command needs a command")
        }
        if pageSize < 1 || pageSize > 100_000 { throw ValidationError("--page-size must be between 1 and 100000 (got \(pageSize))") }
        if !(releaseDelay >= 0 && releaseDelay <= 60) {
            throw ValidationError("--release-delay must be between 0 and 60 seconds (got \(Self.number(releaseDelay)))")
        }
        if !(latency >= 0 && latency <= 600) { throw ValidationError("--latency must be between 0 and 600 seconds (got \(Self.number(latency)))") }
        if !(failRate >= 0 && failRate <= 1) { throw ValidationError("--fail-rate must be between 0 and 1 (got \(Self.number(failRate)))") }
        if UInt64(seedText) == nil {
            throw ValidationError("--seed must be a whole number from 0 to \(UInt64.max) (got '\(seedText)')")
        }
        // 0 is no limit.
        if !(timeout >= 0) { throw ValidationError("--timeout must be 0 (no limit) or more seconds (got \(Self.number(timeout)))") }
        if timeout != 0 { try Self.checkSeconds(timeout, option: "--timeout") }
        if let every { try Self.checkSeconds(every, option: "--every") }
        if headerLines < 0 || headerLines > 1_000 { throw ValidationError("--header-lines must be between 0 and 1000 (got \(headerLines))") }
        if let idText {
            do throws(FieldSelection.ParseError) {
                _ = try FieldSelection(parsing: idText)
            } catch {
                throw ValidationError("--id \(error.description)")
            }
        }
        // A --delimiter without --id is allowed (and unused): each of PULLFEED_DEFAULT_OPTS and the
        // command line is checked on its own, and either may give one of the two.
        if let delimiter, delimiter.isEmpty { throw ValidationError("--delimiter cannot be empty") }
        if let preview {
            if preview.allSatisfy(\.isWhitespace) { throw ValidationError("--preview needs a command") }
            do throws(RowTemplate.ParseError) {
                _ = try RowTemplate(parsing: preview, delimiter: delimiter)
            } catch {
                throw ValidationError("--preview \(error.description)")
            }
        }
        if let previewWindowText {
            do throws(PreviewWindow.ParseError) {
                _ = try PreviewWindow(parsing: previewWindowText)
            } catch {
                throw ValidationError("--preview-window \(error.description)")
            }
        }
        if let sectionBy {
            do throws(PatternError) {
                _ = try CapturePattern(sectionBy)
            } catch {
                throw ValidationError("--section-by '\(sectionBy)' is not a usable regular expression: \(error.reason)")
            }
        }
        if SpillSettings.parseSize(maxDiskText) == nil {
            throw ValidationError("--max-disk must be a size such as 512M, 4G or a number of bytes; 0 for no limit (got '\(maxDiskText)')")
        }
        let bindings: BindingList
        do throws(BindingParser.Failure) {
            bindings = try BindingList(parsing: bind)
        } catch {
            throw ValidationError("--bind \(error.description)")
        }
        for binding in bindings.bindings {
            for command in binding.actions.compactMap(\.command) {
                do throws(RowTemplate.ParseError) {
                    _ = try RowTemplate(parsing: command, delimiter: delimiter)
                } catch {
                    throw ValidationError("--bind '\(binding.keyName):\(binding.actionsText)': \(error.description)")
                }
            }
        }
        if let lang, RefreshLanguage(identifier: lang) == nil {
            throw ValidationError("--lang must be en or zh-Hans (got '\(lang)')")
        }
    }
}
