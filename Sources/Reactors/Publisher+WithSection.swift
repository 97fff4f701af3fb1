extension Publisher where Failure == Never {
    /// Re-emits each output whenever the state of one of its section reactors changes.
    ///
    /// Every output is passed on, and passed on again once per state change of any of its section
    /// reactors; the previous output's sections stop counting. The sections' replayed current states
    /// on subscription do not count as changes. `nil` or `[]` passes the output through. Consecutive
    /// outputs holding the same reactors keep their subscriptions, so an output that changes no
    /// section costs no re-subscription.
    public func with<S: SectionReactor>(section sectionReactors: @escaping (Output) -> [S]?) -> AnyPublisher<Output, Never> {
        WithSections(upstream: self, sections: sectionReactors).erased()
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
