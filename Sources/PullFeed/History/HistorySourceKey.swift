#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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

    /// The file at `path` (relative to the working directory), by its absolute path, as the
    /// file source names it.
    package static func file(_ path: String) -> HistorySourceKey {
        HistorySourceKey(kind: .file, text: URL(fileURLWithPath: path).standardizedFileURL.path, directory: "")
    }

    /// The working directory, or "/" if it cannot be read (a folder removed under the process).
    package static var currentDirectory: String {
        FileManager.default.currentDirectoryPath.isEmpty ? "/" : FileManager.default.currentDirectoryPath
    }

    /// `command 'ls -la' in /tmp`, `file /var/log/syslog`: how `--history-list` names a source.
    package var description: String {
        switch kind {
        case .command: "command " + RowTemplate.quoted(text) + " in " + directory
        case .file: "file " + text
        }
    }
}
