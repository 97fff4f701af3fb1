/// The refresh history of one run of the app: the writer into the database under the state
/// folder (with `--no-history`, or once the database fails, into one in memory for this run,
/// within the same bounds), a recorder for each source the history keeps, fed every state of
/// its source, and each such source's way back through its results.
package final class HistorySession {
    package let writer: HistoryWriter
    /// Each source's recorder, in list order; nil for a source the history does not keep.
    package let recorders: [HistoryRecorder?]
    /// Each source's way through its kept results (`[`, `]`), in list order; nil where the
    /// history does not keep it.
    package let browsers: [HistoryBrowser?]

    /// The session for `specs` with `options`' limits. `onFailure` is called once, off the UI
    /// thread, when the database stops (the history goes on in memory).
    package init(options: HistoryOptions, specs: [SourceSpec], environment: [String: String],
                 onFailure: @escaping @Sendable (HistoryError) -> Void) {
        let path = HistoryStore.standardPath(environment: environment)
        let limits = options.limits
        let inMemory: @Sendable () throws(HistoryError) -> HistoryStore = { () throws(HistoryError) -> HistoryStore in
            try HistoryStore(path: HistoryStore.inMemory, limits: limits)
        }
        if options.off {
            writer = HistoryWriter(open: inMemory, onFailure: onFailure)
        } else {
            writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in
                guard let path else { throw .noStateDirectory }
                return try HistoryStore(path: path, limits: limits)
            }, fallback: inMemory, onFailure: onFailure)
        }
        let directory = HistorySourceKey.currentDirectory
        recorders = specs.map { [writer] in HistoryRecorder(input: $0.input, writer: writer, directory: directory) }
        browsers = recorders.map { [writer] recorder in recorder.map { HistoryBrowser(key: $0.key, writer: writer) } }
    }

    /// Waits until every result handed over is written.
    package func flush() {
        writer.flush()
    }
}
