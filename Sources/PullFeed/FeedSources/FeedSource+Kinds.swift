/// How each source pages and refreshes, where it differs from the defaults.
extension CommandSource {
    /// `--command` runs once per refresh and its output is the one page; `--page-command` pages.
    package var hasPages: Bool { paged }
}

extension StdinSource {
    /// Standard input cannot be read again: a refresh shows every line read, in place.
    package var keepsPlaceOnRefresh: Bool { true }
}
