import OpenCombine
import Reactors

/// The requests a source's reactor makes: a header refresh, a footer page (the next one, the
/// rest, the tail), and what their results change; each request's end asks its goals for the
/// next step (`pursueGoals`).
extension SourceReactor {
    /// What a footer request asks for (`PageRequest`).
    enum FooterAsk { case next, rest, tail }

    func refresh(keepingPlace: Bool = false) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard !state.isRefreshing else { return Empty().erased() }
        // What is shown is compared with the new result: all of it, not its first output.
        let pageRequest = PageRequest.refresh(limit: pageSize, wholeResult: state.hasLoaded,
                                              linesShown: keepingPlace ? state.lines.count : 0)
        let place = state.refreshKeepsPlace == keepingPlace ? nil : Mutation.setRefreshKeepsPlace(keepingPlace)
        return Publishers.Sequence(sequence: place.map { [$0] } ?? []).append(request(.header, pageRequest) { [weak self] result in
            guard let self else { return Empty().erased() }
            switch result {
            case .success(let page):
                let changes = Self.changes(from: self.currentState, to: page)
                let replaced = Just(Mutation.refreshed(page, at: self.now(), changes)).append(self.notice(of: page))
                    .append(Deferred { [weak self] in self?.removedRows() ?? Empty().erased() })
                if page.looksBinary { return replaced.append(self.toast(.binaryFile)).erased() }
                guard let exit = page.exit else {
                    // A result too large to compare still says it arrived (the first load
                    // says nothing).
                    guard changes.isComparison else {
                        guard state.hasLoaded else { return replaced.erased() }
                        return replaced.append(self.toast(.reloaded)).erased()
                    }
                    let counted = self.toast(.refreshed(new: changes.newCount, changed: changes.changedCount, gone: changes.goneCount))
                    return replaced.append(counted).erased()
                }
                return replaced.append(self.toast(.commandExited(status: exit.status, message: exit.message))).erased()
            case .failure(let error):
                let failed = Just(Mutation.setFailure(error.reason))
                return failed.append(self.toast(.refreshFailed(reason: error.reason))).erased()
            }
        })
        .erased()
    }

    /// A footer page of `limit` lines after those loaded: the next page, the rest (a stream
    /// reads on to its end), or the tail. `whileOpen`: an open input is asked even when it had
    /// nothing more a moment ago.
    func loadMore(_ ask: FooterAsk, limit: Int, whileOpen: Bool = false) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard !state.isLoadingMore, state.hasMore || (whileOpen && state.isOpen), state.hasLoaded, state.tailStart == nil else {
            return Empty().erased()
        }
        let offset = state.itemCount
        let pageRequest: PageRequest = switch ask {
        case .next: .next(offset: offset, limit: limit, dropped: state.dropped)
        case .rest: .rest(offset: offset, limit: limit, dropped: state.dropped)
        case .tail: .tail(offset: offset, limit: limit, dropped: state.dropped)
        }
        return request(.footer, pageRequest) { [weak self] result in
            guard let self else { return Empty().erased() }
            switch result {
            case .success(let page):
                let appended = Just(Mutation.append(page)).append(self.notice(of: page))
                if let failure = page.failure {
                    return appended.append(self.toast(.refreshFailed(reason: failure.reason))).erased()
                }
                if let exit = page.exit {
                    return appended.append(self.toast(.commandExited(status: exit.status, message: exit.message))).erased()
                }
                return page.hasMore || page.isOpen
                    ? appended.erased()
                    : appended.append(self.toast(.noMoreData)).erased()
            case .failure(let error):
                // Following the end retries nothing: a failed page stops it (else a broken
                // source would be asked again and again).
                return self.stopFollowing().append(self.toast(.loadMoreFailed(reason: error.reason))).erased()
            }
        }
    }

    /// The rest of a line source (End, grouped lines, an open input read on): its last lines
    /// first while a large file is counted, else the next lines in large pages.
    func loadRest() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        // Grouped lines are read in order: a section needs every line before its last.
        if source.readsFromEnd, !followsEnd, sectionPattern == nil, state.isCounting, state.tailStart == nil {
            return loadMore(.tail, limit: max(pageSize, Self.endPageSize))
        }
        return loadAhead(readsRest: true)
    }

    /// One request of `kind`: cancels the other kind's request in flight and ends its
    /// indicator, turns this one's indicator on, maps the result with `outcome`, and turns
    /// the indicator off; then the goals take their next step. Starting a request of the
    /// other kind cuts this one short.
    private func request(
        _ kind: RequestKind, _ request: PageRequest,
        outcome: @escaping (Result<Page, SourceError>) -> AnyPublisher<Mutation, Never>
    ) -> AnyPublisher<Mutation, Never> {
        let started = started
        let state = currentState
        let other: RequestKind = kind == .header ? .footer : .header
        let otherInFlight = kind == .header ? state.isLoadingMore : state.isRefreshing
        let indicator = { (on: Bool) -> Mutation in kind == .header ? .setRefreshing(on) : .setLoadingMore(on) }
        let result = load(request)
            .prefix(untilOutputFrom: started.filter { $0 == other })
            .flatMap(outcome)
        return Deferred { [turns] () -> AnyPublisher<Mutation, Never> in
            started.send(kind)
            let endOther: [Mutation] = otherInFlight
                ? [kind == .header ? .setLoadingMore(false) : .setRefreshing(false)] : []
            return Publishers.Sequence(sequence: endOther + [indicator(true)])
                .append(result)
                .append(indicator(false))
                .append(Self.turn(.pursueGoals, on: turns))
                .erased()
        }
        .erased()
    }

    /// Gives the reactor `action` through `turns` once the publisher before it ended.
    static func turn(_ action: Action, on turns: PassthroughSubject<Action, Never>) -> AnyPublisher<Mutation, Never> {
        Deferred { () -> Empty<Mutation, Never> in
            turns.send(action)
            return Empty()
        }
        .erased()
    }

    /// The toast for what a stream's reader had to say with `page` (once), if anything.
    func notice(of page: Page) -> AnyPublisher<Mutation, Never> {
        page.notice.map { toast(.stream($0)) } ?? Empty().erased()
    }

    /// Shows a toast now; hiding it `Toast.duration` later (if it is still the same toast) is
    /// scheduled apart from the request, so the request's indicator ends at once.
    func toast(_ kind: Toast.Kind) -> AnyPublisher<Mutation, Never> {
        let hides = toastHides
        return Just(Mutation.showToast(Toast.shown(kind, on: scheduler) { hides.send(.hideToast($0)) })).erased()
    }
}
