import TerminalUI

/// A short message in the status line, shown for `Toast.duration` seconds.
/// The screen words it (in the user's language); the reactor only says what happened.
package struct Toast: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        case refreshFailed(reason: String)
        case loadMoreFailed(reason: String)
        case noMoreData
        /// A command's output was shown although it exited with `status` (`message`: the first
        /// line of its stderr, if any).
        case commandExited(status: Int32, message: String?)
        /// A refresh succeeded: `new` items were not in the result before, `changed` items were
        /// there with another text (identity by fields), `gone` items are no longer there.
        case refreshed(new: Int, changed: Int, gone: Int)
        /// A refresh succeeded with a result too large to compare (`SourceReactor.comparedItemLimit`):
        /// it is shown, the place kept, but what is new is not counted.
        case reloaded
        /// The file shown was cut shorter, or replaced at its path: it was loaded again.
        case fileTruncated
        case fileReplaced
        /// The file shown was deleted: what was read stays.
        case fileDeleted
        /// The file looks binary: its bytes are shown as symbols.
        case binaryFile
        /// A stream could not be kept on disk, or the disk filled (`StreamNotice`).
        case stream(StreamNotice)
        /// A key asked for the preview, and there is none (`--preview` not given).
        case noPreview
        /// The refresh history cannot be used (`HistoryError`): the app goes on without it.
        case historyOff(reason: String)
        /// `[` on a source whose results are not kept (standard input, a paged command, the demo).
        case noHistory
        /// `[` with nothing older kept (`older`), or `]` on the live result.
        case historyEnd(older: Bool)
        /// `d` on a result that removed no row and changed none.
        case nothingRemoved
    }

    package var id: Int
    package var kind: Kind
    /// The title of the source it is about, when the list shows several (the status line names it).
    package var source: String?

    package init(id: Int, kind: Kind, source: String? = nil) {
        self.id = id
        self.kind = kind
        self.source = source
    }

    /// How long a toast stays, in seconds.
    package static let duration: Double = 3

    /// A toast of `kind` shown now: its id is the time it is shown (a later toast never takes
    /// the hide of an earlier one), and `hide` is called with that id `duration` later.
    package static func shown(_ kind: Toast.Kind, on scheduler: LoopScheduler, hide: @escaping (Int) -> Void) -> Toast {
        let now = scheduler.now
        let id = Int(clamping: now.dispatchTime.uptimeNanoseconds)
        scheduler.schedule(after: now.advanced(by: .milliseconds(Int(duration * 1000)))) { hide(id) }
        return Toast(id: id, kind: kind)
    }

    /// Whether the toast says something went wrong (shown in red where there is colour).
    package var isFailure: Bool {
        switch kind {
        case .noMoreData, .refreshed, .reloaded, .fileTruncated, .fileReplaced, .binaryFile, .noPreview, .noHistory, .historyEnd,
             .nothingRemoved: false
        case .refreshFailed, .loadMoreFailed, .commandExited, .fileDeleted, .stream, .historyOff: true
        }
    }
}
