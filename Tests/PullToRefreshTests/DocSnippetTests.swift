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
}
