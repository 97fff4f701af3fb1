/// How much the refresh history keeps: the newest `resultsPerSource` results of each source
/// (`--history`), in a database of at most `maxBytes` (`--history-size`), the oldest results
/// of any source dropped first.
package struct HistoryLimits: Sendable, Equatable {
    package var resultsPerSource: Int
    package var maxBytes: Int

    /// `--history`'s default.
    package static let defaultResultsPerSource = 100
    /// `--history-size`'s default: 256 MiB.
    package static let defaultMaxBytes = 256 << 20
    /// The smallest `--history-size`: a database needs some pages of its own.
    package static let minimumMaxBytes = 1 << 20

    package init(resultsPerSource: Int = defaultResultsPerSource, maxBytes: Int = defaultMaxBytes) {
        self.resultsPerSource = resultsPerSource
        self.maxBytes = maxBytes
    }

    /// The largest result kept (compressed): a quarter of the bound, so that one result never
    /// pushes all the others out.
    package var maxResultBytes: Int { maxBytes / 4 }
}
