import CTerminalGuard
import DashboardFormat
#if canImport(Glibc)
import Glibc
#endif

/// Runs `pullfeed-dashboard`, the small program that reads a dashboard's YAML, on an open file,
/// and decodes what it prints.
///
/// The YAML library needs Foundation, and with it ICU: linked into `pullfeed` it would more than
/// double the release binary and add 6 MiB to every start, dashboard or not. So it lives in a
/// program of its own, installed beside `pullfeed`, and runs only for `--dashboard`.
enum DashboardReader {
    static let programName = "pullfeed-dashboard"

    /// Where the reader is: beside the running program (`/proc/self/exe`, so a symbolic link to
    /// `pullfeed` finds the real one's folder), else the first on `PATH`.
    static func locate(besides executable: String? = runningExecutable(), path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        var folders: [String] = []
        if let executable, let slash = executable.lastIndex(of: "/") { folders.append(String(executable[..<slash])) }
        folders += (path ?? "").split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        for folder in folders {
            let candidate = (folder.isEmpty ? "." : folder) + "/" + programName
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The path of the program running now.
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `program` with `fd` as its standard input and decodes its output.
    static func read(fd: Int32, program: String) throws(DashboardError) -> Result<DashboardDocument, DashboardProblem> {
        var pipe: [Int32] = [-1, -1]
        guard pf_make_spawn_pipe(&pipe) == 0 else {
            throw DashboardError("cannot run \(program): \(String(cString: strerror(errno)))", exitCode: 1)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fd, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        var pid: pid_t = 0
        let spawned = withCStrings([program]) { argv in
            posix_spawn(&pid, program, &actions, nil, argv, environ)
        }
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw DashboardError("cannot run \(program): \(String(cString: strerror(spawned)))", exitCode: 1)
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(pipe[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(pipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = Subprocess.exitCode(status)
        guard code == 0 else {
            throw DashboardError("\(program) failed (\(code > 128 ? "killed by signal \(code - 128)" : "exit status \(code)"))", exitCode: 1)
        }
        do throws(DashboardRecords.DecodeError) {
            return try DashboardRecords.decode(output)
        } catch {
            throw DashboardError("\(program) printed what this pullfeed cannot read (\(error.description)): is it from another version?", exitCode: 1)
        }
    }
}
