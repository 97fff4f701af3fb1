#if canImport(Glibc)
import Glibc
#endif

/// What a source is, as the refresh history keys its results: a command by its text and the
/// folder it runs in (the same text elsewhere is another source), a file by its absolute path.
/// Standard input is read once and never kept across runs, so it has no key.
package struct HistorySourceKey: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case command
        case file
    }

    package var kind: Kind
    /// The command as given, or the file's absolute path.
    package var text: String
    /// The command's working directory; empty for a file.
    package var directory: String

    package init(kind: Kind, text: String, directory: String) {
        self.kind = kind
        self.text = text
        self.directory = directory
    }

    /// A command run by `/bin/sh -c` in `directory`.
    package static func command(_ text: String, directory: String) -> HistorySourceKey {
        HistorySourceKey(kind: .command, text: text, directory: directory)
    }

    /// The file at `path` (relative to `directory`, the working directory by default), by its
    /// absolute path with `.`, `..` and repeated slashes taken out (links are not followed).
    package static func file(_ path: String, directory: String = currentDirectory) -> HistorySourceKey {
        HistorySourceKey(kind: .file, text: absolute(path, in: directory), directory: "")
    }

    /// `path` made absolute against `directory`, its `.` and `..` worked out.
    static func absolute(_ path: String, in directory: String) -> String {
        let whole = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The working directory, or "/" if it cannot be read (a folder removed under the process).
    package static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `command 'ls -la' in /tmp`, `file /var/log/syslog`: how `--history-list` names a source.
    package var description: String {
        switch kind {
        case .command: "command " + RowTemplate.quoted(text) + " in " + directory
        case .file: "file " + text
        }
    }
}
