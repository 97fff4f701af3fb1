import OpenCombine

/// The refresh history of one run of the app: the writer into the database under the state
/// folder, and a recorder for each source the history keeps, fed every state of its source.
package final class HistorySession {
    package let writer: HistoryWriter
    /// Each source's recorder, in list order; nil for a source the history does not keep.
    package let recorders: [HistoryRecorder?]

    /// The session for `specs` with `options`' limits; nil with `--no-history`. `onFailure` is
    /// called once, off the UI thread, when the history stops.
    package init?(options: HistoryOptions, specs: [SourceSpec], environment: [String: String],
                  onFailure: @escaping @Sendable (HistoryError) -> Void) {
        guard !options.off else { return nil }
        let path = HistoryStore.standardPath(environment: environment)
        let limits = options.limits
        writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in
            guard let path else { throw .noStateDirectory }
            return try HistoryStore(path: path, limits: limits)
        }, onFailure: onFailure)
        let directory = HistorySourceKey.currentDirectory
        recorders = specs.map { [writer] in HistoryRecorder(input: $0.input, writer: writer, directory: directory) }
    }

    /// Hands every state of each of `sources` (in list order) to its recorder, until cancelled.
    package func record(_ sources: [SourceReactor]) -> [AnyCancellable] {
        zip(sources, recorders).compactMap { source, recorder in
            recorder.map { recorder in source.state.sink { recorder.observe($0) } }
        }
    }

    /// Waits until every result handed over is written.
    package func flush() {
        writer.flush()
    }
}
