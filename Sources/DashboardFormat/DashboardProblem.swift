/// Why a file is not a dashboard at all (not UTF-8, not YAML, not a mapping at the top): the
/// message, and the line it is about when there is one.
package struct DashboardProblem: Error, Equatable, Sendable {
    package var line: Int?
    package var message: String

    package init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }
}
