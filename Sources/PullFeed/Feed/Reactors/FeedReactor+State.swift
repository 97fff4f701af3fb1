import PullToRefresh
import Reactors

extension FeedReactor {
    /// The list's state: its section reactors and their latest states, what is list-wide (marks,
    /// folds, the toast, the chosen line, the alert, following the end), and `shown`, what the
    /// screen draws, composed from them. Reading a `FeedState` property through it (`state.lines`)
    /// reads `shown`'s.
    @dynamicMemberLookup
    package struct State {
        /// One section reactor per source, in list order.
        package let sources: [SourceReactor]
        /// Their section headers' names (made distinct).
        package let titles: [String]
        /// Their latest states, as the list shows them (`FeedState.displayed`: a kept result in
        /// place of the live lines while one is shown).
        package private(set) var sourceStates: [FeedState]
        /// The lines the user marked (`--multi`), by their index in `shown.lines`; they follow
        /// their lines across refreshes.
        package var marks = Marks()
        /// Which sections are folded (by name: a `--section-by` section's, or a source's title).
        package var folds = SectionFolds()
        @Pulse package var toast: Toast?
        /// Where the toast came from: a source (its index and its own toast's id), or the list.
        private var toastOrigin: (source: Int, id: Int)?
        /// What the user chose with Enter: the app prints it and exits.
        @Pulse package var chosenLine: [UInt8]?
        /// With several sources: the user follows the list's end (its last source's).
        package var followsEnd = false
        /// With several sources: whether the last source to refresh kept the place.
        package var refreshKeptPlace = false
        /// A new line matched a source's `--alert` (its title and the line), until a key is pressed.
        @Pulse package var alert: SourceAlert?
        /// The sources whose `--alert` matched since a key was last pressed (their headers show `!`).
        package var alertingSources: Set<Int> = []
        /// The sources' lines as one list, when there are several.
        private var composed: ComposedLines
        /// Bumped when the rows change for a list-wide reason (a fold).
        var version = 0
        /// What the screen draws.
        package private(set) var shown: FeedState

        init(sources: [SourceReactor], titles: [String]) {
            self.sources = sources
            self.titles = titles
            sourceStates = sources.map(\.currentState.displayed)
            composed = ComposedLines(sources: sources.count)
            shown = FeedState()
            recompose()
        }

        package subscript<Value>(dynamicMember keyPath: KeyPath<FeedState, Value>) -> Value {
            shown[keyPath: keyPath]
        }

        /// Source `index` has state `new`: its toast and alert reach the list's, the marks follow
        /// their lines, and `shown` is composed again.
        mutating func update(source index: Int, to state: FeedState) {
            let new = state.displayed
            let old = sourceStates[index]
            sourceStates[index] = new
            if new.$toast.valueUpdatedCount != old.$toast.valueUpdatedCount {
                if let toast = new.toast {
                    if sources.count == 1 || !FeedComposition.isRoutine(toast.kind) {
                        show(Toast(id: toast.id, kind: toast.kind, source: sources.count > 1 ? titles[index] : nil),
                             from: (index, toast.id))
                    }
                } else if let origin = toastOrigin, origin.source == index, origin.id == old.toast?.id {
                    show(nil, from: nil)
                }
            }
            if new.$alert.valueUpdatedCount != old.$alert.valueUpdatedCount, let line = new.alert {
                alert = SourceAlert(title: titles[index], line: line)
                alertingSources.insert(index)
            }
            if new.generation != old.generation { refreshKeptPlace = new.refreshKeepsPlace }
            if sources.count == 1, new.dropped > old.dropped, new.generation == old.generation {
                marks = marks.dropping(first: min(new.dropped - old.dropped, old.lines.count))
            }
            let generation = shown.generation
            recompose()
            let relocates = shown.generation != generation || (old.tailStart != nil && new.tailStart == nil)
            if relocates, !marks.isEmpty {
                shown.relocateMarks()
                marks = shown.marks
            }
        }

        /// Shows `toast` in the status line (nil hides it), from a source or from the list.
        mutating func show(_ toast: Toast?, from origin: (source: Int, id: Int)?) {
            self.toast = toast
            toastOrigin = toast == nil ? nil : origin
            shown.toast = toast
        }

        /// Composes `shown` from the sources' states and the list's own.
        mutating func recompose() {
            let list = FeedComposition.ListPart(marks: marks, folds: folds, toast: toast, isFollowing: followsEnd,
                                                refreshKeepsPlace: refreshKeptPlace, version: version,
                                                alertingSources: alertingSources, alert: alert)
            if sourceStates.count == 1 {
                shown = FeedComposition.one(sourceStates[0], title: titles[0], list: list)
            } else {
                composed.update(sourceStates)
                shown = FeedComposition.several(sourceStates, titles: titles, composed: composed, list: list)
            }
        }
    }
}
