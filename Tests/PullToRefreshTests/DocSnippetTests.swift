import OpenCombine
import Testing
@testable import PullToRefresh

/// The PullToRefresh catalog's code that needs no reactor, verbatim (Scripts/check-doc-snippets.py
/// checks it), run. The snippets bound to a reactor are run in FilesDemoTests' DocSnippetTests,
/// against the files-demo's reactor.
@Suite struct DocSnippetTests {
    /// A view model's one refresh-status output.
    final class ViewModel {
        let refreshStatus = PassthroughSubject<RefreshStatus, Never>()
    }

    /// "One refresh-status output".
    @Test func refreshStatusOutput() {
        let time = VirtualTime()
        let viewModel = ViewModel()
        let header = renderedHeader(time)
        let footer = renderedAutoFooter(time)

        let binding = bind(status: viewModel.refreshStatus, header: header, footer: footer)

        viewModel.refreshStatus.send(.beginHeaderRefresh)
        #expect(header.state == .refreshing)
        viewModel.refreshStatus.send(.noMoreData)
        #expect(footer.state == .noMoreData)
        viewModel.refreshStatus.send(.endHeaderRefresh)
        #expect(header.state == .idle)
        #expect(footer.state == .idle, "the end of a header refresh lifts \"No more data\"")
        viewModel.refreshStatus.send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        viewModel.refreshStatus.send(.endFooterRefresh)
        #expect(footer.state == .idle)

        binding.cancel()
        viewModel.refreshStatus.send(.beginHeaderRefresh)
        #expect(header.state == .idle, "the binding lasts as long as `binding`")
    }

    /// "The gesture model".
    @Test func gestureModel() {
        let owner = RefreshActivity()
        var model = RefreshHeaderModel(height: 2)
        _ = model.handle(.rendered, activity: owner)
        _ = model.handle(.pull(by: 2), activity: owner)
        let released = model.handle(.release, activity: owner)      // [.cancelReleaseTimer, .armParkTimer, .changed]
        let parked = model.handle(.parkTimerFired, activity: owner)  // [.request]
        let shown = model.display(activity: owner)                   // .refreshing, 2 rows
        let refreshing = RefreshActivity(isRefreshing: true)
        let answered = model.handle(.activityChanged(from: owner), activity: refreshing)  // []: nothing more to ask

        #expect(released == [.cancelReleaseTimer, .armParkTimer, .changed])
        #expect(parked == [.request])
        #expect(shown.state == .refreshing && shown.visibleHeight == 2)
        #expect(answered.isEmpty)
        #expect(model.display(activity: refreshing).state == .refreshing)
        #expect(model.display(activity: owner).state == .idle, "the owner's end is the end")
    }
}
