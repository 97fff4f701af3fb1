import Testing
@testable import PullToRefresh

/// The gesture models as tables: a list of steps (an event, or the owner's activity changing)
/// fed to a fresh model, then the effects of the last step, the requests over all steps and
/// what is shown.
@Suite struct RefreshModelTests {
    enum Step: Sendable {
        case event(RefreshEvent)
        /// The owner's activity changes to this one.
        case owner(RefreshActivity)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var rendered = true
        var hasContent = true
        let steps: [Step]
        /// The effects of the last step, in order.
        let last: [RefreshEffect]
        /// `.request` effects over all steps.
        var requests = 0
        let state: RefreshState
        let visibleHeight: Int
        var isWaitingForMore = false

        var testDescription: String { name }
    }

    static let rest = RefreshActivity()
    static let refreshing = RefreshActivity(isRefreshing: true)
    static let loading = RefreshActivity(isLoadingMore: true)
    static let exhausted = RefreshActivity(hasMore: false)
    static let waiting = RefreshActivity(hasMore: false, isWaitingForMore: true)
    static let atBottom = RefreshEvent.viewDidMove(atBottom: true, movingDown: true)

    /// Feeds `steps` to a model through `handle`, from an owner at rest.
    static func run(_ c: Case, handle: (RefreshEvent, RefreshActivity) -> [RefreshEffect]) -> (last: [RefreshEffect], requests: Int, activity: RefreshActivity) {
        var activity = rest
        var last: [RefreshEffect] = []
        var requests = 0
        var steps = c.steps
        if c.hasContent { steps.insert(.event(.contentChanged(hasContent: true)), at: 0) }
        if c.rendered { steps.insert(.event(.rendered), at: 0) }
        for step in steps {
            switch step {
            case .event(let event): last = handle(event, activity)
            case .owner(let new):
                last = handle(.activityChanged(from: activity), new)
                activity = new
            }
            requests += last.filter { $0 == .request }.count
        }
        return (last, requests, activity)
    }

    /// Runs `c` on `model` and checks the last step's effects, the requests and what it shows.
    static func check<Model>(_ c: Case, on model: inout Model, handle: (inout Model, RefreshEvent, RefreshActivity) -> [RefreshEffect],
                             display: (Model, RefreshActivity) -> RefreshDisplay, footer: Bool = false) {
        let result = run(c) { handle(&model, $0, $1) }
        let shown = display(model, result.activity)
        #expect(result.last == c.last)
        #expect(result.requests == c.requests)
        #expect(shown.state == c.state)
        #expect(shown.visibleHeight == c.visibleHeight)
        if footer {
            #expect(shown.isHidden == !c.hasContent)
            #expect(shown.isWaitingForMore == c.isWaitingForMore)
        }
    }

    /// `footer`: also whether it is hidden and waits for more (cases that keep their content).
    static func checkFooter(_ c: Case, _ model: RefreshFooterModel, footer: Bool = true) {
        var model = model
        check(c, on: &model, handle: { $0.handle($1, activity: $2) }, display: { $0.display(activity: $1) }, footer: footer)
    }

    // MARK: Header

    static let headerCases: [Case] = [
        Case(name: "pull under the threshold", steps: [.event(.pull(by: 1))],
             last: [.armReleaseTimer], state: .idle, visibleHeight: 1),
        Case(name: "pull to the threshold", steps: [.event(.pull(by: 1)), .event(.pull(by: 1))],
             last: [.armReleaseTimer], state: .pulling, visibleHeight: 2),
        Case(name: "over-pull stops at the limit", steps: [.event(.pull(by: 9))],
             last: [.armReleaseTimer], state: .pulling, visibleHeight: 4),
        Case(name: "pushed back to rest", steps: [.event(.pull(by: 2)), .event(.pull(by: -5))],
             last: [.cancelReleaseTimer], state: .idle, visibleHeight: 0),
        Case(name: "release short springs back", steps: [.event(.pull(by: 1)), .event(.release)],
             last: [.cancelReleaseTimer], state: .idle, visibleHeight: 0),
        Case(name: "release by key past the threshold parks", steps: [.event(.pull(by: 3)), .event(.release)],
             last: [.cancelReleaseTimer, .armParkTimer], state: .refreshing, visibleHeight: 2),
        Case(name: "release by timeout past the threshold parks", steps: [.event(.pull(by: 2)), .event(.releaseTimerFired)],
             last: [.cancelReleaseTimer, .armParkTimer], state: .refreshing, visibleHeight: 2),
        Case(name: "release when not pulled does nothing", steps: [.event(.release), .event(.releaseTimerFired)],
             last: [], state: .idle, visibleHeight: 0),
        Case(name: "park then request exactly once",
             steps: [.event(.pull(by: 2)), .event(.release), .event(.parkTimerFired), .event(.parkTimerFired)],
             last: [], requests: 1, state: .refreshing, visibleHeight: 2),
        Case(name: "the owner runs the request, then ends it",
             steps: [.event(.pull(by: 2)), .event(.release), .event(.parkTimerFired), .owner(refreshing), .owner(rest)],
             last: [], requests: 1, state: .idle, visibleHeight: 0),
        Case(name: "an owner-begun refresh shows and asks nothing",
             steps: [.owner(refreshing), .event(.parkTimerFired), .event(.rendered)],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "pulls are ignored while the owner refreshes",
             steps: [.owner(refreshing), .event(.pull(by: 3)), .event(.release), .event(.releaseTimerFired)],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "the owner's refresh answers a parking pull",
             steps: [.event(.pull(by: 2)), .event(.release), .owner(refreshing)],
             last: [.cancelParkTimer], state: .refreshing, visibleHeight: 2),
        Case(name: "a stale park timer after the owner answered asks nothing",
             steps: [.event(.pull(by: 2)), .event(.release), .owner(refreshing), .event(.parkTimerFired)],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "the owner's refresh drops a pull in progress",
             steps: [.event(.pull(by: 1)), .owner(refreshing)],
             last: [.cancelReleaseTimer], state: .refreshing, visibleHeight: 2),
        Case(name: "the owner's load drops a parking refresh",
             steps: [.event(.pull(by: 2)), .event(.release), .owner(loading)],
             last: [.cancelParkTimer], state: .idle, visibleHeight: 0),
        Case(name: "begin parks, then requests once", steps: [.event(.begin), .event(.parkTimerFired)],
             last: [.request], requests: 1, state: .refreshing, visibleHeight: 2),
        Case(name: "begin while parking asks nothing more", steps: [.event(.begin), .event(.begin)],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "begin while the owner refreshes asks nothing",
             steps: [.owner(refreshing), .event(.begin), .event(.parkTimerFired)],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "end during the park drops the request", steps: [.event(.begin), .event(.end), .event(.parkTimerFired)],
             last: [], state: .idle, visibleHeight: 0),
        Case(name: "begin before the first frame waits", rendered: false, steps: [.event(.begin)],
             last: [], state: .willRefresh, visibleHeight: 2),
        Case(name: "the first frame parks a waiting begin", rendered: false, steps: [.event(.begin), .event(.rendered)],
             last: [.armParkTimer], state: .refreshing, visibleHeight: 2),
        Case(name: "an owner's refresh before the first frame", rendered: false, steps: [.owner(refreshing)],
             last: [], state: .willRefresh, visibleHeight: 2),
        Case(name: "the header is never reached, activated or hidden",
             steps: [.event(atBottom), .event(.activate), .event(.contentChanged(hasContent: false))],
             last: [], state: .idle, visibleHeight: 0),
    ]

    @Test(arguments: headerCases)
    func header(_ c: Case) {
        var model = RefreshHeaderModel(height: 2)
        Self.check(c, on: &model, handle: { $0.handle($1, activity: $2) }, display: { $0.display(activity: $1) })
    }

    /// A header that shows only what the user pulled for (`showsOwnerRefreshes` false): a
    /// refresh the owner begins by itself runs in its state with no rows.
    static let pulledOnlyCases: [Case] = [
        Case(name: "an owner-begun refresh takes no rows and asks nothing",
             steps: [.owner(refreshing), .event(.parkTimerFired)],
             last: [], state: .refreshing, visibleHeight: 0),
        Case(name: "an owner-begun refresh before the first frame takes no rows", rendered: false, steps: [.owner(refreshing)],
             last: [], state: .willRefresh, visibleHeight: 0),
        Case(name: "the refresh a pull asked for parks the header",
             steps: [.event(.pull(by: 2)), .event(.release), .event(.parkTimerFired), .owner(refreshing)],
             last: [], requests: 1, state: .refreshing, visibleHeight: 2),
        Case(name: "the owner's refresh answers a parking pull, shown",
             steps: [.event(.pull(by: 2)), .event(.release), .owner(refreshing)],
             last: [.cancelParkTimer], state: .refreshing, visibleHeight: 2),
        Case(name: "the pull's refresh ends: the header goes",
             steps: [.event(.pull(by: 2)), .event(.release), .event(.parkTimerFired), .owner(refreshing), .owner(rest)],
             last: [], requests: 1, state: .idle, visibleHeight: 0),
        Case(name: "begin's refresh parks the header",
             steps: [.event(.begin), .event(.parkTimerFired), .owner(refreshing)],
             last: [], requests: 1, state: .refreshing, visibleHeight: 2),
        Case(name: "a pull while the owner refreshes out of sight shows it and asks nothing",
             steps: [.owner(refreshing), .event(.pull(by: 1)), .event(.release), .event(.releaseTimerFired)],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "the pull that shows it is a change to draw",
             steps: [.owner(refreshing), .event(.pull(by: 1))],
             last: [], state: .refreshing, visibleHeight: 2),
        Case(name: "the next owner-begun refresh is out of sight again",
             steps: [.owner(refreshing), .event(.pull(by: 1)), .owner(rest), .owner(refreshing)],
             last: [], state: .refreshing, visibleHeight: 0),
        Case(name: "the owner's refresh drops a pull in progress and takes its rows",
             steps: [.event(.pull(by: 1)), .owner(refreshing)],
             last: [.cancelReleaseTimer], state: .refreshing, visibleHeight: 0),
    ]

    @Test(arguments: pulledOnlyCases)
    func headerShowingOnlyPulls(_ c: Case) {
        var model = RefreshHeaderModel(height: 2)
        model.showsOwnerRefreshes = false
        Self.check(c, on: &model, handle: { $0.handle($1, activity: $2) }, display: { $0.display(activity: $1) })
    }

    // MARK: Auto footer

    static let autoCases: [Case] = [
        Case(name: "a load the owner drops: a turn later the footer stops waiting, and a new arrival asks again",
             steps: [.event(atBottom), .event(.parkTimerFired), .event(.requestSettled),
                     .event(.viewDidMove(atBottom: false, movingDown: false)), .event(atBottom)],
             last: [.armParkTimer], requests: 1, state: .refreshing, visibleHeight: 1),
        Case(name: "a load the owner runs: settling changes nothing",
             steps: [.event(atBottom), .event(.parkTimerFired), .owner(loading), .event(.requestSettled)],
             last: [], requests: 1, state: .refreshing, visibleHeight: 1),
        Case(name: "a load the owner drops shows idle after settling",
             steps: [.event(atBottom), .event(.parkTimerFired), .event(.requestSettled)],
             last: [], requests: 1, state: .idle, visibleHeight: 1),
        Case(name: "arriving moving down parks", steps: [.event(atBottom)],
             last: [.armParkTimer], state: .refreshing, visibleHeight: 1),
        Case(name: "arriving without moving down", steps: [.event(.viewDidMove(atBottom: true, movingDown: false))],
             last: [], state: .idle, visibleHeight: 1),
        Case(name: "moving down away from the bottom", steps: [.event(.viewDidMove(atBottom: false, movingDown: true))],
             last: [], state: .idle, visibleHeight: 1),
        Case(name: "partly visible, under the trigger percent",
             steps: [.event(.viewDidMove(visibleFraction: 0.5, movingDown: true))],
             last: [], state: .idle, visibleHeight: 1),
        Case(name: "park then request exactly once", steps: [.event(atBottom), .event(.parkTimerFired), .event(.parkTimerFired)],
             last: [], requests: 1, state: .refreshing, visibleHeight: 1),
        Case(name: "one load per arrival",
             steps: [.event(atBottom), .event(.parkTimerFired), .owner(loading), .owner(rest), .event(atBottom), .event(atBottom)],
             last: [], requests: 1, state: .idle, visibleHeight: 1),
        Case(name: "a new arrival loads again",
             steps: [.event(atBottom), .event(.parkTimerFired), .owner(loading), .owner(rest),
                     .event(.viewDidMove(atBottom: false, movingDown: false)), .event(atBottom), .event(.parkTimerFired)],
             last: [.request], requests: 2, state: .refreshing, visibleHeight: 1),
        Case(name: "moving down at the bottom while a load runs asks nothing",
             steps: [.owner(loading), .event(atBottom)],
             last: [], state: .refreshing, visibleHeight: 1),
        Case(name: "moves at the bottom while a load runs leave no request behind",
             steps: [.owner(loading), .event(atBottom), .event(atBottom), .event(.parkTimerFired), .owner(rest)],
             last: [], state: .idle, visibleHeight: 1),
        Case(name: "an owner-begun load shows and asks nothing", steps: [.owner(loading), .event(.parkTimerFired)],
             last: [], state: .refreshing, visibleHeight: 1),
        Case(name: "the owner's load answers a parking arrival", steps: [.event(atBottom), .owner(loading)],
             last: [.cancelParkTimer], state: .refreshing, visibleHeight: 1),
        Case(name: "Enter on the footer parks, then requests", steps: [.event(.activate), .event(.parkTimerFired)],
             last: [.request], requests: 1, state: .refreshing, visibleHeight: 1),
        Case(name: "Enter on a loading footer asks nothing", steps: [.owner(loading), .event(.activate)],
             last: [], state: .refreshing, visibleHeight: 1),
        Case(name: "hidden when empty: arriving and Enter ask nothing", hasContent: false,
             steps: [.event(atBottom), .event(.activate)],
             last: [], state: .idle, visibleHeight: 0),
        Case(name: "no more data: arriving, Enter and begin ask nothing",
             steps: [.owner(exhausted), .event(atBottom), .event(.activate), .event(.begin)],
             last: [], state: .noMoreData, visibleHeight: 1),
        Case(name: "no more data during the park drops the request",
             steps: [.event(atBottom), .owner(exhausted), .event(.parkTimerFired)],
             last: [], state: .noMoreData, visibleHeight: 1),
        Case(name: "no more data while the input is open", steps: [.owner(waiting)],
             last: [], state: .noMoreData, visibleHeight: 1, isWaitingForMore: true),
        Case(name: "a refresh that begins drops a load the owner does not run",
             steps: [.event(atBottom), .event(.parkTimerFired), .owner(refreshing)],
             last: [], requests: 1, state: .idle, visibleHeight: 1),
        Case(name: "losing the rows ends the arrival",
             steps: [.event(atBottom), .event(.parkTimerFired), .owner(loading), .owner(rest),
                     .event(.contentChanged(hasContent: false)), .event(.contentChanged(hasContent: true)), .event(atBottom)],
             last: [.armParkTimer], requests: 1, state: .refreshing, visibleHeight: 1),
        Case(name: "the auto footer is not pulled", steps: [.event(.pull(by: 2)), .event(.release)],
             last: [], state: .idle, visibleHeight: 1),
    ]

    @Test(arguments: autoCases)
    func autoFooter(_ c: Case) {
        Self.checkFooter(c, RefreshFooterModel(kind: .auto))
    }

    // MARK: Back footer

    static let backCases: [Case] = [
        Case(name: "pull to the threshold", steps: [.event(.pull(by: 1))],
             last: [.armReleaseTimer], state: .pulling, visibleHeight: 2),
        Case(name: "release by key parks", steps: [.event(.pull(by: 1)), .event(.release)],
             last: [.cancelReleaseTimer, .armParkTimer], state: .refreshing, visibleHeight: 1),
        Case(name: "release by timeout, park, one request",
             steps: [.event(.pull(by: 1)), .event(.releaseTimerFired), .event(.parkTimerFired), .event(.parkTimerFired)],
             last: [], requests: 1, state: .refreshing, visibleHeight: 1),
        Case(name: "moves at the bottom ask nothing", steps: [.event(atBottom)],
             last: [], state: .idle, visibleHeight: 1),
        Case(name: "hidden when empty: pulls ask nothing", hasContent: false,
             steps: [.event(.pull(by: 2)), .event(.release)],
             last: [], state: .idle, visibleHeight: 0),
        Case(name: "pulls are ignored while a load runs", steps: [.owner(loading), .event(.pull(by: 2)), .event(.release)],
             last: [], state: .refreshing, visibleHeight: 1),
        Case(name: "an owner-begun load shows and asks nothing", steps: [.owner(loading), .event(.parkTimerFired)],
             last: [], state: .refreshing, visibleHeight: 1),
        Case(name: "no more data drops a pull", steps: [.event(.pull(by: 2)), .owner(exhausted)],
             last: [.cancelReleaseTimer], state: .noMoreData, visibleHeight: 1),
        Case(name: "no more data: pulls ask nothing", steps: [.owner(exhausted), .event(.pull(by: 2)), .event(.release)],
             last: [], state: .noMoreData, visibleHeight: 1),
        Case(name: "losing the rows while pulled springs back",
             steps: [.event(.pull(by: 1)), .event(.contentChanged(hasContent: false))],
             last: [.cancelReleaseTimer], state: .idle, visibleHeight: 0),
        Case(name: "Enter on the footer parks, then requests", steps: [.event(.activate), .event(.parkTimerFired)],
             last: [.request], requests: 1, state: .refreshing, visibleHeight: 1),
    ]

    @Test(arguments: backCases)
    func backFooter(_ c: Case) {
        Self.checkFooter(c, RefreshFooterModel(kind: .back, height: 1), footer: false)
    }
}
