/// Why `--dashboard FILE` cannot run: one line, for stderr after `pullfeed: `, that names the file
/// and, when the problem is on one, its line (`ops.yaml:3: unknown key 'evrey'`).
package struct DashboardError: Error, Equatable, CustomStringConvertible {
    package var description: String
    /// 2 for a file that is not a usable dashboard (a usage error); 1 when pullfeed itself is
    /// incomplete (`pullfeed-dashboard` missing or failing).
    package var exitCode: Int32

    init(_ description: String, exitCode: Int32 = 2) {
        self.description = description
        self.exitCode = exitCode
    }

    /// `FILE:LINE: MESSAGE`, or `FILE: MESSAGE` without a line.
    init(file: String, line: Int?, _ message: String) {
        self.init(line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)")
    }
}
