#if canImport(Glibc)
import Glibc
#endif

/// Where pullfeed keeps what it remembers across runs: `$XDG_STATE_HOME/pullfeed` (an absolute
/// `XDG_STATE_HOME` only, as the XDG specification says), else `~/.local/state/pullfeed`.
package enum StateDirectory {
    /// The folder for `environment`, or nil when neither `XDG_STATE_HOME` nor `HOME` tells one.
    package static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/pullfeed" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/pullfeed" }
        return nil
    }

    /// Creates `path` and its missing parents, each 0700 (what is kept there is the user's
    /// alone); true when it is a folder afterwards.
    package static func make(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        guard parent.isEmpty || make(parent) else { return false }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }
}
