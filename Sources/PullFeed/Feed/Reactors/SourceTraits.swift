/// What a feed's source can do, as the screen needs to know it: read from the reactor's state,
/// so the view never asks the source itself.
package struct SourceTraits: Equatable, Sendable {
    /// Shown in the title bar.
    package var title = ""
    /// The items are lines: Enter prints one, End follows the input, rows scroll sideways.
    package var isLineSource = false
    /// The source can have more than one page (a command's run cannot: no footer; its count
    /// says more may come only while the run goes on with more to read).
    package var hasPages = true
    /// A refresh gives back what was shown and more (input read only once): the place stays.
    package var keepsPlaceOnRefresh = false
    /// A search can look past the loaded lines without loading them (`FeedSource.scanForMatch`).
    package var scansWithoutLoading = false
    /// Its results are kept: `[` and `]` step through them (the help line says so).
    package var keepsHistory = false

    package init() {}

    /// The traits of `source`.
    package init(_ source: FeedSource) {
        title = source.title
        isLineSource = source.isLineSource
        hasPages = source.hasPages
        keepsPlaceOnRefresh = source.keepsPlaceOnRefresh
        scansWithoutLoading = source.scansWithoutLoading
    }
}
