/// Why the terminal could not be opened. Each description is one line the user can act on;
/// print it to stderr and exit 1.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
    /// The process has no controlling terminal (run from cron, a pipe-only CI job, `setsid`).
    case noTerminal
    /// The TTY exists but could not be opened (permissions, or it is not a terminal).
    case cannotOpen(path: String, reason: String)
    /// The `TERM` environment variable is unset or empty, so the terminal type is unknown.
    case termUnset
    /// TERM is `dumb` or names a terminal that cannot address the cursor.
    case termUnsupported(String)
    /// TERM names a terminal the terminfo database does not know, and the database has no
    /// `xterm-256color` to run as either (or no database at all).
    case termUnknown(String)
    /// ncurses refused to start on the terminal.
    case cursesFailed(String)

    public var description: String {
        switch self {
        case .noTerminal:
            "no terminal: this program needs an interactive terminal (/dev/tty); run it from a terminal window or over ssh -t"
        case .cannotOpen(let path, let reason):
            "cannot open the terminal \(path): \(reason)"
        case .termUnset:
            "TERM is not set: set it to your terminal type, for example `export TERM=xterm-256color`"
        case .termUnsupported(let term):
            "TERM=\(term) cannot show a full-screen interface: set TERM to your terminal type, for example `export TERM=xterm-256color`"
        case .termUnknown(let term):
            "unknown terminal type TERM=\(term), and no terminfo entry for xterm-256color to run as instead: install the terminfo database (apt-get install ncurses-base)"
        case .cursesFailed(let term):
            "could not start ncurses on TERM=\(term): try TERM=xterm-256color"
        }
    }
}
