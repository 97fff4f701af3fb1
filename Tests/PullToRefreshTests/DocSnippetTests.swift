import OpenCombine
import Testing
@testable import PullToRefresh

/// The gesture model the "The gesture model" article describes, step by step. The catalog's
/// snippets, all bound to a reactor, are run in FilesDemoTests' DocSnippetTests, against the
/// files-demo's reactor.
@Suite struct DocSnippetTests {
    /// A pull released past the threshold parks, asks once, and the owner's refresh answers it.
    @Test func gestureModel() {
        let owner = RefreshActivity()
        var model = RefreshHeaderModel(height: 2)
        _ = model.handle(.rendered, activity: owner)
        _ = model.handle(.pull(by: 2), activity: owner)
        let released = model.handle(.release, activity: owner)      // [.cancelReleaseTimer, .armParkTimer]
        let parked = model.handle(.parkTimerFired, activity: owner)  // [.request]
        let shown = model.display(activity: owner)                   // .refreshing, 2 rows
        let refreshing = RefreshActivity(isRefreshing: true)
        let answered = model.handle(.activityChanged(from: owner), activity: refreshing)  // []: nothing more to ask

        #expect(released == [.cancelReleaseTimer, .armParkTimer])
        #expect(parked == [.request])
        #expect(shown.state == .refreshing && shown.visibleHeight == 2)
        #expect(answered.isEmpty)
        #expect(model.display(activity: refreshing).state == .refreshing)
        #expect(model.display(activity: owner).state == .idle, "the owner's end is the end")
    }
}
