extension SourceReactor {
    /// Results with more items than this are not compared with the previous one (no new-row
    /// marks, no "N new items").
    static let comparedItemLimit = 250_000

    /// What a refresh's `page` changes in `state`: nothing is counted on the first load. A page
    /// that says more may follow is a first page only, so nothing counts as gone. When what was
    /// shown was itself only the first part of a result, the items past as many as were shown
    /// are not judged: they may have been in the part never read.
    static func changes(from state: State, to page: Page) -> RefreshChanges {
        var changes = comparison(from: state, to: page)
        if state.hasMore, changes.isComparison { changes.newItems.removeAll(from: state.itemCount) }
        return changes
    }

    private static func comparison(from state: State, to page: Page) -> RefreshChanges {
        // A result this large (a whole counted file) is not compared: its keys would cost
        // reading every line and 8 bytes each, against the memory a huge file may use.
        guard page.lines.count + page.items.count <= comparedItemLimit, state.itemCount <= comparedItemLimit else {
            return RefreshChanges()
        }
        // The first load compares nothing: its keys are worked out when the next refresh needs
        // them, not before the first frame (a file's first page can be all the lines counted).
        guard state.hasLoaded else { return RefreshChanges() }
        if !state.lineIdentity.isWholeLine, state.sections.isEmpty, page.items.isEmpty {
            var ids: [UInt64] = []
            var texts: [UInt64] = []
            ItemKeys.appendKeys(of: page.lines, identity: state.lineIdentity, ids: &ids, texts: &texts)
            let old = identityKeys(of: state)
            return RefreshChanges.between(oldKeys: old.keys, oldTexts: old.texts, newIds: ids, newTexts: texts,
                                          countsGone: !page.hasMore)
        }
        let new = ItemKeys.keys(of: page)
        return RefreshChanges.between(old: keys(of: state), new: new, countsGone: !page.hasMore)
    }

    /// With identity by fields: the identity and the text key of every line of `state`, the last
    /// refresh's when it has them for every line, else worked out again for all of them (the
    /// first load, or lines loaded after a refresh: a line's identity depends on those before it).
    static func identityKeys(of state: State) -> (keys: [UInt64], texts: [UInt64]) {
        let changes = state.changes
        if changes.keys.count == state.lines.count, changes.textKeys.count == state.lines.count {
            return (changes.keys, changes.textKeys)
        }
        var ids: [UInt64] = []
        var texts: [UInt64] = []
        ItemKeys.appendKeys(of: state.lines, identity: state.lineIdentity, ids: &ids, texts: &texts)
        let identities = RefreshChanges.between(oldKeys: [], oldTexts: [], newIds: ids, newTexts: texts, compares: false)
        return (identities.keys, texts)
    }

    /// The identity key of every item in `state`: the last refresh's keys, and those of the
    /// items loaded after it.
    static func keys(of state: State) -> [UInt64] {
        if !state.sections.isEmpty {
            return state.sections.map { ItemKeys.key(ofArticle: $0.currentState.article.id) }
        }
        var keys = state.changes.keys
        if keys.count > state.lines.count { keys = [] }
        ItemKeys.appendKeys(of: state.lines, from: keys.count, to: &keys)
        return keys
    }
}
