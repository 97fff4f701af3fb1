extension Publisher where Failure == Never {
    /// Re-emits each output whenever the state of one of its section reactors changes.
    ///
    /// For every output, this switches to it (dropping the previous output's sections), emits it, and
    /// emits it again once per state change of any of its section reactors. The sections' replayed
    /// current states on subscription do not count as changes. `nil` or `[]` passes the output through.
    public func with<S: SectionReactor>(section sectionReactors: @escaping (Output) -> [S]?) -> AnyPublisher<Output, Never> {
        map { output -> AnyPublisher<Output, Never> in
            guard let reactors = sectionReactors(output), !reactors.isEmpty else {
                return Just(output).eraseToAnyPublisher()
            }
            return Publishers.MergeMany(reactors.map { SkipReplay(upstream: $0.state) })
                .map { _ in output }
                .prepend(output)
                .eraseToAnyPublisher()
        }
        .switchToLatest()
        .eraseToAnyPublisher()
    }

    /// `with(section:)` for an output with at most one section reactor.
    public func with<S: SectionReactor>(section sectionReactor: @escaping (Output) -> S?) -> AnyPublisher<Output, Never> {
        with(section: { output -> [S]? in sectionReactor(output).map { [$0] } })
    }

    /// `with(section:)` reading the section reactors through a key path.
    public func with<S: SectionReactor>(section keyPath: KeyPath<Output, [S]?>) -> AnyPublisher<Output, Never> {
        with(section: { output -> [S]? in output[keyPath: keyPath] })
    }

    /// `with(section:)` reading the section reactors through a key path.
    public func with<S: SectionReactor>(section keyPath: KeyPath<Output, [S]>) -> AnyPublisher<Output, Never> {
        with(section: { output -> [S]? in output[keyPath: keyPath] })
    }

    /// `with(section:)` reading the section reactor through a key path.
    public func with<S: SectionReactor>(section keyPath: KeyPath<Output, S?>) -> AnyPublisher<Output, Never> {
        with(section: { output -> [S]? in output[keyPath: keyPath].map { [$0] } })
    }

    /// `with(section:)` reading the section reactor through a key path.
    public func with<S: SectionReactor>(section keyPath: KeyPath<Output, S>) -> AnyPublisher<Output, Never> {
        with(section: { output -> [S]? in [output[keyPath: keyPath]] })
    }
}
