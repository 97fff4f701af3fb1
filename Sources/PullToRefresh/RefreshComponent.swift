#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import OpenCombine
import TerminalUI

/// What a refresh component shares: the state machine, the park step, the request callback,
/// the spinner and the change notifications. `RefreshHeader`, `AutoRefreshFooter` and
/// `BackRefreshFooter` are its subclasses; it is not meant to be used on its own.
///
/// A component is confined to the UI thread (the thread that runs `scheduler`'s work).
///
/// Refreshing happens in two steps. Entering refreshing (`beginRefreshing()`, a release past
/// the threshold, an auto-footer trigger) switches the state to `.refreshing` at once, so the
/// indicator shows, and schedules the **park step** `parkDelay` later on the scheduler (the
/// terminal's stand-in for MJRefresh's 0.25 s inset animation). When the park step runs, the
/// request goes out: `refreshingPublisher` emits and the completion given to
/// `beginRefreshing(completion:)` runs. To send requests, bind the components with
/// `RefreshableList.bind(activity:refresh:loadMore:)`, or subscribe to `refreshingPublisher`.
///
/// Deliberate differences from MJRefresh:
/// - Commands apply in call order. `endRefreshing()` and `endRefreshingWithNoMoreData()` take
///   effect synchronously (MJRefresh defers them with `dispatch_async`, so `end(); begin()`
///   lost the new refresh and a late `end` overwrote noMoreData).
/// - Ending during the park step cancels the request: the callback never runs (MJRefresh
///   still called it from the animation's completion).
/// - Completion hooks are one-shot arguments of `beginRefreshing(completion:)` and
///   `endRefreshing(success:completion:)` (MJRefresh's block properties fire on every later
///   refresh until cleared).
/// - Change notifications are delivered in order: a command issued from inside a subscriber
///   applies at once, and its notifications are queued behind the ones being delivered, so
///   every subscriber sees the states in the order they happened.
public class RefreshComponent {
    /// How long the park step takes; the request goes out when it ends.
    public static var defaultParkDelay: TimeInterval { 0.1 }

    /// The scheduler that times the park step, the spinner and (for pullable components) release.
    public let scheduler: LoopScheduler
    /// The park step's duration (see the type's documentation).
    public var parkDelay: TimeInterval
    /// Called when a request should go out, at the moment `refreshingPublisher` emits (the
    /// tests' hook; clients subscribe to `refreshingPublisher`, or bind a `RefreshableList`).
    var refreshingBlock: (() -> Void)?
    /// Ticks only while refreshing.
    public let spinner: Spinner

    /// The current state. Change it with the commands, or with `apply(_:)`.
    public var state: RefreshState { currentState }

    /// Whether a request has gone out (`refreshingPublisher` emitted) and not yet been ended.
    public private(set) var isRequestInFlight = false
    /// Whether the park step is pending (refreshing, request not yet sent).
    public var isParking: Bool { parkToken != nil }
    /// Whether `didRender()` has been called at least once.
    public private(set) var hasRendered = false

    /// Emits after anything that changes how the component looks (state, pull distance,
    /// spinner tick, texts): the app re-renders on it.
    public var changes: AnyPublisher<Void, Never> { changeSubject.eraseToAnyPublisher() }
    /// Emits each time a request goes out (the end of the park step). Any number of subscribers.
    public var refreshingPublisher: AnyPublisher<Void, Never> { requestSubject.eraseToAnyPublisher() }
    /// Emits every state change (not the current state; see `stateProperty` for that).
    public var stateChanges: AnyPublisher<RefreshState, Never> { stateSubject.eraseToAnyPublisher() }

    private var currentState: RefreshState = .idle
    private var parkToken: Int?
    private var nextToken = 0
    private var beginCompletions: [() -> Void] = []
    private let changeSubject = PassthroughSubject<Void, Never>()
    private let requestSubject = PassthroughSubject<Void, Never>()
    private let stateSubject = PassthroughSubject<RefreshState, Never>()
    private var pending: [Notification] = []
    private var delivering = false
    private var spinnerSubscription: AnyCancellable?

    private enum Notification {
        case state(RefreshState)
        case request
        case change
    }

    init(scheduler: LoopScheduler, parkDelay: TimeInterval) {
        self.scheduler = scheduler
        self.parkDelay = parkDelay
        self.spinner = Spinner(scheduler: scheduler)
        spinnerSubscription = spinner.ticks.sink { [weak self] in self?.post(.change) }
    }

    /// Subscribers learn that the component is gone (the reactive `takeUntil(deallocated)` idiom: a binding ends with its component).
    deinit {
        stateSubject.send(completion: .finished)
        requestSubject.send(completion: .finished)
        changeSubject.send(completion: .finished)
    }

    // MARK: Commands

    /// Starts a refresh. Returns whether it started.
    ///
    /// A no-op while already refreshing (no second request) and for a footer with no more data.
    /// Before the first `didRender()` the state becomes `willRefresh`, promoted by the first
    /// render. `completion` runs once, when the request goes out; it is dropped if the refresh
    /// ends during the park step. Called while refreshing, `completion` joins the pending
    /// request, or runs at once if the request has already gone out.
    @discardableResult
    public func beginRefreshing(completion: (() -> Void)? = nil) -> Bool {
        if currentState.isRefreshing {
            if let completion {
                if isRequestInFlight { completion() } else { beginCompletions.append(completion) }
            }
            return false
        }
        guard canBeginRefreshing else { return false }
        if let completion { beginCompletions.append(completion) }
        if hasRendered {
            enterRefreshing()
        } else {
            willEnterRefreshing()
            transition(to: .willRefresh)
        }
        return true
    }

    /// Ends a refresh (or a pending `willRefresh`): back to idle at once.
    ///
    /// `success` is recorded by the header as the last-updated time (only if a request had
    /// gone out); a failed refresh leaves it alone. Not refreshing: nothing changes (a pull in
    /// progress, or a footer's noMoreData, is kept). `completion` runs once, after the state
    /// change, or at once when there was nothing to end.
    public func endRefreshing(success: Bool = true, completion: (() -> Void)? = nil) {
        if currentState.isRefreshing {
            finishRefreshing(to: .idle, success: success)
        }
        completion?()
    }

    /// Sets the state the way an outside binder would (the two-way `stateProperty` uses it).
    ///
    /// `.refreshing` / `.willRefresh` begin a refresh; `.idle` ends one (or lifts a footer's
    /// noMoreData); `.noMoreData` ends a footer with no more data and is ignored by a header;
    /// `.pulling` is driven by pull input only and is ignored here. Unlike MJRefresh's
    /// writable `state`, assigning `.idle` never cancels a pull the user is making.
    public func apply(_ newState: RefreshState) {
        guard newState != currentState else { return }
        switch newState {
        case .refreshing, .willRefresh: beginRefreshing()
        case .idle: applyIdle()
        case .noMoreData: applyNoMoreData()
        case .pulling: break
        }
    }

    /// Tells the component a frame was drawn. The first call promotes `willRefresh`.
    public func didRender() {
        guard !hasRendered else { return }
        hasRendered = true
        if currentState == .willRefresh { enterRefreshing() }
    }

    // MARK: Subclass hooks

    var canBeginRefreshing: Bool { true }
    /// Called just before the state becomes refreshing or willRefresh.
    func willEnterRefreshing() {}
    /// Called after a refresh ended, before the state leaves refreshing.
    func didEndRefreshing(requestWasSent: Bool, success: Bool) {}
    func applyIdle() { endRefreshing() }
    func applyNoMoreData() {}

    // MARK: Machinery

    func enterRefreshing() {
        willEnterRefreshing()
        nextToken &+= 1
        let token = nextToken
        parkToken = token
        transition(to: .refreshing)
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(parkDelay))) { [weak self] in
            self?.parkFinished(token: token)
        }
    }

    private func parkFinished(token: Int) {
        guard parkToken == token, currentState == .refreshing else { return }
        parkToken = nil
        isRequestInFlight = true
        let completions = beginCompletions
        beginCompletions = []
        post(.request)
        completions.forEach { $0() }
    }

    /// Leaves refreshing for `target`, cancelling the park step or closing the request.
    func finishRefreshing(to target: RefreshState, success: Bool) {
        let sent = isRequestInFlight
        parkToken = nil
        isRequestInFlight = false
        beginCompletions = []
        didEndRefreshing(requestWasSent: sent, success: success)
        transition(to: target)
    }

    /// Changes the state (same state: nothing happens) and notifies.
    func transition(to newState: RefreshState) {
        guard newState != currentState else { return }
        let old = currentState
        currentState = newState
        if newState == .refreshing {
            spinner.start()
        } else if old == .refreshing {
            spinner.stop()
        }
        post(.state(newState))
        post(.change)
    }

    /// Notifies a visual change that is not a state change.
    func notifyChange() { post(.change) }

    /// Pull input for a pullable component (header, back footer): moves `gesture` and
    /// switches between idle and pulling at `threshold` rows. Ignored while refreshing.
    func pull(_ gesture: PullGesture, by rows: Int, threshold: Int) {
        guard state == .idle || state == .pulling else { return }
        let changed = gesture.pull(by: rows)
        transition(to: gesture.distance >= threshold ? .pulling : .idle)
        if changed { notifyChange() }
    }

    /// The user let go of a pullable component: refresh if it was pulled past the
    /// threshold, else spring back. No-op when not pulled.
    func release(_ gesture: PullGesture) {
        guard state == .idle || state == .pulling else { return }
        let wasPulling = state == .pulling
        let wasPulled = gesture.distance > 0
        gesture.reset()
        if wasPulling {
            enterRefreshing()
        } else if wasPulled {
            notifyChange()
        }
    }

    private func post(_ notification: Notification) {
        pending.append(notification)
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .state(let s): stateSubject.send(s)
            case .request:
                refreshingBlock?()
                requestSubject.send(())
            case .change: changeSubject.send(())
            }
        }
    }
}
