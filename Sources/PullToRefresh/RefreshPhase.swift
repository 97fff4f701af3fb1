/// Where a header's or footer's gesture is: the one thing a component keeps about refreshing.
///
/// Whether a refresh or a load is running is not kept here: that is the owner's
/// `RefreshActivity`. A phase only says what the user's gesture (or a programmatic begin)
/// asked for and has not yet been answered.
enum RefreshPhase: Hashable, Sendable {
    /// At rest.
    case idle
    /// Pulled past the edge by `rows` rows (at least 1), not let go yet.
    case pulled(rows: Int)
    /// Begun before the first frame was drawn: it parks once one is.
    case waitingForFrame
    /// Asked for (released past the threshold, reached, activated or begun): shown as
    /// refreshing while the park timer runs; the request goes out when it fires.
    case parking
    /// The request went out: shown as refreshing until the owner's activity shows the work
    /// (or cancels it).
    case requested

    /// Whether the phase asks for a request the owner's activity does not show yet.
    var isRequesting: Bool {
        switch self {
        case .waitingForFrame, .parking, .requested: true
        case .idle, .pulled: false
        }
    }

    /// Rows pulled past the edge (0 unless pulled).
    var pulledRows: Int {
        if case .pulled(let rows) = self { rows } else { 0 }
    }
}

extension RefreshPhase {
    /// The phase after pulling `rows` more (negative: pushed back), clamped to 0…`limit`.
    func pulled(by rows: Int, limit: Int) -> RefreshPhase {
        let distance = min(max(0, pulledRows + rows), max(0, limit))
        return distance > 0 ? .pulled(rows: distance) : .idle
    }

    /// Starts a request: parks now, or waits for the first frame.
    mutating func startRequest(hasRendered: Bool) -> [RefreshEffect] {
        let wasPulled = pulledRows > 0
        self = hasRendered ? .parking : .waitingForFrame
        return (wasPulled ? [.cancelReleaseTimer] : []) + (hasRendered ? [.armParkTimer] : [])
    }

    /// Drops a request not yet answered (nothing when there is none).
    mutating func cancelRequest() -> [RefreshEffect] {
        switch self {
        case .parking:
            self = .idle
            return [.cancelParkTimer]
        case .waitingForFrame, .requested:
            self = .idle
            return []
        case .idle, .pulled:
            return []
        }
    }

    /// Drops a pull in progress (nothing when not pulled).
    mutating func cancelPull() -> [RefreshEffect] {
        guard pulledRows > 0 else { return [] }
        self = .idle
        return [.cancelReleaseTimer]
    }

    /// The park timer fired: the request goes out, unless the owner already runs that work.
    mutating func parkEnded(ownerRuns: Bool) -> [RefreshEffect] {
        guard self == .parking else { return [] }
        if ownerRuns {
            self = .idle
            return []
        }
        self = .requested
        return [.request]
    }

    /// What a component shows while its request is asked for or the owner runs the work:
    /// refreshing, or `willRefresh` for a request begun before the first frame.
    func busyState(hasRendered: Bool) -> RefreshState {
        hasRendered || self == .parking || self == .requested ? .refreshing : .willRefresh
    }

    /// The events every component answers alike: its own end command, the turn after a
    /// request (an owner that did not answer it dropped it: an answer would have changed the
    /// activity, and the phase with it), and the first frame (a request begun before it parks
    /// now). Nil for any other event.
    mutating func answerShared(_ event: RefreshEvent, hasRendered: inout Bool) -> [RefreshEffect]? {
        switch event {
        case .end:
            return cancelRequest()
        case .requestSettled:
            return self == .requested ? cancelRequest() : []
        case .rendered:
            guard !hasRendered else { return [] }
            hasRendered = true
            guard self == .waitingForFrame else { return [] }
            self = .parking
            return [.armParkTimer]
        default:
            return nil
        }
    }

    /// The user let go: past `threshold` rows the pull parks, short it springs back.
    mutating func released(threshold: Int) -> [RefreshEffect] {
        guard case .pulled(let rows) = self else { return [] }
        if rows >= threshold {
            self = .parking
            return [.cancelReleaseTimer, .armParkTimer]
        }
        self = .idle
        return [.cancelReleaseTimer]
    }
}
