import Testing
@testable import PullToRefresh

@Suite struct SpinnerTests {
    @Test func aSpinnerCountsTicksOnlyWhileSpinning() {
        var spinner = Spinner()
        spinner.advance()
        #expect(spinner.tick == 0 && !spinner.isSpinning)
        spinner.start()
        spinner.advance()
        spinner.advance()
        spinner.start()
        #expect(spinner.tick == 2, "starting again while spinning changes nothing")
        spinner.stop()
        spinner.advance()
        #expect(spinner.tick == 2 && !spinner.isSpinning)
        spinner.start()
        #expect(spinner.tick == 0 && spinner.isSpinning)
    }

    /// The component's runtime turns the spinner every 80 ms while it refreshes.
    @Test func ticksEvery80MillisecondsWhileRefreshing() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        header.beginRefreshing()
        time.advance(ms: 79)
        #expect(header.spinner.tick == 0)
        time.advance(ms: 1)
        #expect(header.spinner.tick == 1)
        time.advance(ms: 800)
        #expect(header.spinner.tick == 11)
    }

    @Test func componentsSpinOnlyWhileRefreshing() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        time.advance(ms: 500)
        #expect(header.spinner.tick == 0 && !header.spinner.isSpinning)
        header.beginRefreshing()
        let changesAtBegin = probe.changes
        time.advance(ms: 400)
        #expect(header.spinner.tick == 5)
        #expect(probe.changes == changesAtBegin + 6, "each tick asks for a render, and the park step's end")
        header.endRefreshing()
        time.advance(ms: 400)
        #expect(header.spinner.tick == 5 && !header.spinner.isSpinning)
        header.beginRefreshing()
        #expect(header.spinner.tick == 0, "a new refresh starts from the first frame")
    }

    @Test func aFooterSpinsWhileLoading() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        footer.activate()
        time.advance(ms: 160)
        #expect(footer.spinner.tick == 2)
        footer.endRefreshingWithNoMoreData()
        time.advance(ms: 160)
        #expect(footer.spinner.tick == 2)
    }
}
