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

/// What a refresh component shares: the shell that runs a gesture model
/// (`RefreshHeaderModel`, `RefreshFooterModel`) on an `EventRuntime`. `RefreshHeader`,
/// `AutoRefreshFooter` and `BackRefreshFooter` are its subclasses; it is not meant to be used
/// on its own.
///
/// The model keeps only the gesture and decides; the shell feeds it events (input, timers,
/// frames, commands, the activity) and carries out its effects with the runtime: the release
/// and park timers are the runtime's, by key, and so is the spinner's; the shell sends the
/// request (`refreshingPublisher`) and publishes what is shown (`state`, `stateChanges`), and
/// `changes` after every event handled. A component is confined to the UI thread (the thread
/// that runs its scheduler's work).
///
/// Whether a refresh (or load) runs is one truth, `activity`: bound with
/// `RefreshableList.bind`, the owner's; used on its own, the
/// component's begin and end commands set it. A request goes out only for a gesture or a
/// programmatic begin, never because the activity says work runs: a refresh the owner begins
/// shows, and asks for nothing.
///
/// Refreshing happens in two steps. A release past the threshold, an auto-footer trigger or
/// `beginRefreshing()` switches the state to `.refreshing` at once, so the indicator shows,
/// and starts the **park step**, `parkDelay` on the scheduler (the terminal's stand-in for
/// MJRefresh's 0.25 s inset animation). When it ends, the request goes out:
/// `refreshingPublisher` emits and the completion given to `beginRefreshing(completion:)`
/// runs. On its own, the component then counts as refreshing until `endRefreshing()`.
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

    /// The park step's duration (see the type's documentation).
    public var parkDelay: TimeInterval
    /// Called when a request should go out, at the moment `refreshingPublisher` emits (the
    /// tests' hook; clients subscribe to `refreshingPublisher`, or bind a `RefreshableList`).
    var refreshingBlock: (() -> Void)?
    /// Turns only while refreshing.
    private(set) var spinner = Spinner()

    /// The current state, derived from the gesture and `activity`. Change it with the
    /// commands.
    public var state: RefreshState { currentState }

    /// Whether a request has gone out (`refreshingPublisher` emitted) and not yet been ended.
    var isRequestInFlight: Bool { requestSent && currentState.isRefreshing }
    /// Whether the park step is pending (refreshing, request not yet sent).
    var isParking: Bool { phase == .parking }
    /// Whether `didRender()` has been called at least once.
    var hasRendered: Bool { false }

    /// Whether a refresh or load runs, and whether there is more: the bound owner's, else the
    /// component's own, which its begin and end commands set.
    var activity: RefreshActivity { ownerActivity ?? ownActivity }

    /// Emits after every event the component handles (input, a timer, the spinner's tick, a
    /// frame, a command, the owner's activity) and after a change of its texts: the app renders
    /// again on it.
    var changes: AnyPublisher<Void, Never> { changeSubject.eraseToAnyPublisher() }
    /// Emits each time a request goes out (the end of the park step). Any number of subscribers.
    public var refreshingPublisher: AnyPublisher<Void, Never> { requestSubject.eraseToAnyPublisher() }
    /// Emits every state change (not the current state).
    var stateChanges: AnyPublisher<RefreshState, Never> { stateSubject.eraseToAnyPublisher() }

    /// The activity the component's own commands set (shown while no owner is bound).
    var ownActivity = RefreshActivity(hasMore: true)
    /// The bound owner's activity (see `RefreshableList.bind`).
    private(set) var ownerActivity: RefreshActivity?
    /// The no-pull-input delay that counts as letting go (pullable components).
    var releaseInterval: TimeInterval = 0.5

    private var currentState: RefreshState = .idle
    private var requestSent = false
    /// Runs the model: its timers, the spinner's, and a render after every event.
    private let runtime: EventRuntime<RefreshEvent, Timer>
    private var beginCompletions: [() -> Void] = []
    private let changeSubject = PassthroughSubject<Void, Never>()
    private let requestSubject = PassthroughSubject<Void, Never>()
    private let stateSubject = PassthroughSubject<RefreshState, Never>()
    private var pending: [Notification] = []
    private var delivering = false

    private enum Notification {
        case state(RefreshState)
        case request
        case change
    }

    /// The runtime's keys.
    private enum Timer: Hashable {
        case release, park, settle, spinner
    }

    init(scheduler: LoopScheduler, parkDelay: TimeInterval) {
        self.parkDelay = parkDelay
        runtime = EventRuntime(scheduler: scheduler, label: "pulltorefresh.component")
        runtime.handler = { [unowned self] in _ = apply($0) }
        runtime.onRender = { [unowned self] in post(.change) }
    }

    /// Subscribers learn that the component is gone (the reactive `takeUntil(deallocated)` idiom: a binding ends with its component).
    deinit {
        stateSubject.send(completion: .finished)
        requestSubject.send(completion: .finished)
        changeSubject.send(completion: .finished)
    }

    // MARK: Commands

    /// Starts a refresh, as a gesture would: it parks, then the request goes out. Returns
    /// whether it started.
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
        if let completion { beginCompletions.append(completion) }
        let started = send(.begin)
        if !started, completion != nil { beginCompletions.removeLast() }
        return started
    }

    /// Ends a refresh (or a pending `willRefresh`): back to idle at once.
    ///
    /// `success` is recorded by the header as the last-updated time (only if a request had
    /// gone out); a failed refresh leaves it alone. Not refreshing: nothing changes (a pull in
    /// progress, or a footer's noMoreData, is kept). `completion` runs once, after the state
    /// change, or at once when there was nothing to end. Bound to an owner, only a request the
    /// component has not yet seen answered ends: the owner's activity says what runs.
    public func endRefreshing(success: Bool = true, completion: (() -> Void)? = nil) {
        if currentState.isRefreshing {
            finishRefreshing(success: success) { $0[keyPath: self.requestFlag] = false }
        }
        completion?()
    }

    /// Tells the component a frame was drawn. The first call promotes `willRefresh`.
    public func didRender() {
        guard !hasRendered else { return }
        send(.rendered)
    }

    // MARK: Subclass hooks

    /// The model's phase.
    var phase: RefreshPhase { .idle }
    /// What the model shows for `activity`.
    func display(activity: RefreshActivity) -> RefreshDisplay {
        RefreshDisplay(state: .idle, pulledRows: 0, visibleHeight: 0, isHidden: false, isWaitingForMore: false)
    }
    /// Feeds the model.
    func handleModel(_ event: RefreshEvent, activity: RefreshActivity) -> [RefreshEffect] { [] }
    /// The activity flag the component's own request sets: refreshing or loading more.
    var requestFlag: WritableKeyPath<RefreshActivity, Bool> { \.isRefreshing }
    /// Called when a refresh ends by the component's own command, before the state leaves
    /// refreshing.
    func didEndRefreshing(requestWasSent: Bool, success: Bool) {}

    // MARK: Machinery

    /// Feeds `event` to the model, carries out its effects and publishes what changed; a
    /// render follows. Returns whether the component began refreshing.
    @discardableResult
    func send(_ event: RefreshEvent) -> Bool {
        runtime.handling { apply(event) }
    }

    /// Runs `change` (to something drawn that is not the model's) as a command: a render follows.
    func changeShown(_ change: () -> Void) {
        runtime.handling(change)
    }

    /// One event: the model decides, the shell carries out the effects. Returns whether the
    /// component began refreshing.
    private func apply(_ event: RefreshEvent) -> Bool {
        if event == .spinnerTicked {
            spinner.advance()
            return false
        }
        let was = currentState
        let effects = handleModel(event, activity: activity)
        let shown = display(activity: activity).state
        for effect in effects where effect != .request { perform(effect) }
        transition(to: shown)
        if effects.contains(.request) { sendRequest() }
        return !was.isRefreshing && shown.isRefreshing
    }

    /// Changes the component's own activity; shown only while no owner is bound.
    func updateOwnActivity(_ change: (inout RefreshActivity) -> Void) {
        let old = ownActivity
        change(&ownActivity)
        if ownerActivity == nil, ownActivity != old { send(.activityChanged(from: old)) }
    }

    /// Binds the component to an owner's activity (`nil`: unbound; the component keeps showing
    /// the last activity as its own).
    func bindOwner(_ new: RefreshActivity?) {
        let old = activity
        if new == nil { ownActivity = old }
        ownerActivity = new
        if activity != old { send(.activityChanged(from: old)) }
    }

    /// Ends by the component's own command: `change` ends its own activity, then a request not
    /// yet answered is dropped.
    func finishRefreshing(success: Bool, _ change: (inout RefreshActivity) -> Void) {
        if ownerActivity == nil { didEndRefreshing(requestWasSent: isRequestInFlight, success: success) }
        updateOwnActivity(change)
        send(.end)
    }

    private func perform(_ effect: RefreshEffect) {
        switch effect {
        case .armReleaseTimer: runtime.send(.releaseTimerFired, after: releaseInterval, as: .release)
        case .cancelReleaseTimer: runtime.cancel(.release)
        case .armParkTimer: runtime.send(.parkTimerFired, after: parkDelay, as: .park)
        case .cancelParkTimer: runtime.cancel(.park)
        case .request: break
        }
    }

    /// The request goes out. On its own, the component now runs it (its activity says so)
    /// until ended.
    private func sendRequest() {
        requestSent = true
        if ownerActivity == nil {
            updateOwnActivity { $0[keyPath: self.requestFlag] = true }
        } else {
            // A turn later: an owner that dropped the request is no longer waited for.
            runtime.send(.requestSettled, after: 0, as: .settle)
        }
        let completions = beginCompletions
        beginCompletions = []
        post(.request)
        completions.forEach { $0() }
    }

    /// Changes the published state (same state: nothing happens) and notifies.
    private func transition(to newState: RefreshState) {
        guard newState != currentState else { return }
        let old = currentState
        currentState = newState
        if newState == .refreshing, !spinner.isSpinning {
            spinner.start()
            runtime.send(.spinnerTicked, every: spinner.interval, as: .spinner)
        } else if old == .refreshing {
            spinner.stop()
            runtime.cancel(.spinner)
        }
        if !newState.isRefreshing {
            requestSent = false
            beginCompletions = []
        }
        post(.state(newState))
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
