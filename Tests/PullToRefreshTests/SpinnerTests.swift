import OpenCombine
import Testing
@testable import PullToRefresh

@Suite struct SpinnerTests {
    @Test func ticksEvery80MillisecondsWhileSpinning() {
        let time = VirtualTime()
        let spinner = Spinner(scheduler: time.loop)
        var ticks = 0
        let c = spinner.ticks.sink { ticks += 1 }
        spinner.start()
        time.advance(ms: 79)
        #expect(spinner.tick == 0)
        time.advance(ms: 1)
        #expect(spinner.tick == 1)
        time.advance(ms: 800)
        #expect(spinner.tick == 11 && ticks == 11)
        spinner.stop()
        time.advance(ms: 800)
        #expect(spinner.tick == 11 && !spinner.isSpinning)
        c.cancel()
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
        #expect(probe.changes == changesAtBegin + 5, "each tick asks for a render")
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
