#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import CursesBackend

/// The refresh history from the command line: `--history-list` prints every source and its
/// kept results, `--history-show CMD [N]` prints one result's lines to stdout (so a script can
/// diff two).
enum HistoryCommandLine {
    /// Runs `--history-list` or `--history-show`; the exit status (1 when there is nothing to
    /// print or the database cannot be read).
    static func run(_ options: HistoryOptions, environment: [String: String],
                    output: ([UInt8]) -> Void = { writeAll(STDOUT_FILENO, $0) },
                    error: (String) -> Void = { PullFeedMain.printError("pullfeed: " + $0) }) -> Int32 {
        guard let path = HistoryStore.standardPath(environment: environment) else {
            error("no history: " + HistoryError.noStateDirectory.reason)
            return 1
        }
        guard access(path, F_OK) == 0 else {
            error("no history yet: nothing is kept in \(path)")
            return 1
        }
        do throws(HistoryError) {
            let store = try HistoryStore(path: path)
            let sources = try store.sources()
            if sources.isEmpty {
                error("no history yet: nothing is kept in \(path)")
                return 1
            }
            guard let (text, index) = options.shown else {
                output(Array(list(sources).utf8))
                return 0
            }
            let source: HistorySource
            switch find(text, in: sources) {
            case .success(let found): source = found
            case .failure(let problem):
                error(problem.message)
                return 1
            }
            guard index <= source.results.count else {
                let count = source.results.count
                error("\(source.key) has \(count) result\(count == 1 ? "" : "s") kept (1 is the newest): there is no result \(index)")
                return 1
            }
            output(try store.content(of: source.results[index - 1]).bytes)
            return 0
        } catch let failure {
            error("history: \(failure.reason)")
            return 1
        }
    }

    /// Each source on a line, then each of its results on a line of its own: its number for
    /// `--history-show` (1 the newest), its local time and its rows.
    static func list(_ sources: [HistorySource]) -> String {
        var text = ""
        for source in sources {
            text += "\(source.key) · \(source.results.count) result\(source.results.count == 1 ? "" : "s")\n"
            let width = String(source.results.count).count
            for (offset, result) in source.results.enumerated() {
                let number = String(offset + 1)
                text += "  " + String(repeating: " ", count: width - number.count) + number + "  " + localTime(result.time)
                text += "  \(AppStrings.grouped(result.rowCount)) row\(result.rowCount == 1 ? "" : "s")\n"
            }
        }
        return text
    }

    /// Why `--history-show` found no source.
    struct NotFound: Error {
        let message: String
    }

    /// The source `text` names: the command run in this folder, else the file at that path,
    /// else the command run in one other folder.
    static func find(_ text: String, in sources: [HistorySource],
                     directory: String = HistorySourceKey.currentDirectory) -> Result<HistorySource, NotFound> {
        if let here = sources.first(where: { $0.key == .command(text, directory: directory) }) { return .success(here) }
        if let file = sources.first(where: { $0.key == .file(text) }) { return .success(file) }
        let elsewhere = sources.filter { $0.key.kind == .command && $0.key.text == text }
        if elsewhere.count == 1 { return .success(elsewhere[0]) }
        if elsewhere.isEmpty {
            return .failure(NotFound(message: "no history of \(RowTemplate.quoted(text)) (pullfeed --history-list shows what is kept)"))
        }
        let folders = elsewhere.map(\.key.directory).joined(separator: ", ")
        return .failure(NotFound(message: "\(RowTemplate.quoted(text)) was run in several folders (\(folders)): run --history-show in one of them"))
    }

    /// `2026-11-28 14:05:09`, in the local time zone.
    static func localTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
