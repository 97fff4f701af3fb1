@testable import PullFeed
import Testing

/// Which runs have a time limit when `--timeout` is not given: a `--command` alone is a stream
/// that runs until it ends (`tail -f`); a run that must end before it is judged (`--every`,
/// `--page-command`) has 30 s. A `--timeout` given always wins.
@Suite struct CommandTimeoutTests {
    @Test(arguments: [
        (["--command", "tail -f app.log"], 0.0),
        (["--command", "ps aux", "--every", "2"], 30),
        (["--page-command", "seq $PULLFEED_OFFSET"], 30),
        (["--command", "tail -f app.log", "--timeout", "5"], 5),
        (["--command", "ps aux", "--every", "2", "--timeout", "0"], 0),
    ] as [([String], Double)])
    func aCommandAloneHasNoDefaultTimeout(arguments: [String], timeout: Double) throws {
        let sources = SourceSpec.sources(of: try PullFeedCommand.parse(arguments), arguments: arguments, stdinIsTerminal: true)
        #expect(sources.map(\.timeout) == [timeout])
    }

    @Test(arguments: ["0.001", "0.099", "0", "-1"])
    func everyHasAFloorOfATenthOfASecond(value: String) throws {
        do {
            _ = try PullFeedCommand.parse(["--every", value])
            Issue.record("--every \(value) was accepted")
        } catch {
            #expect(PullFeedCommand.message(for: error) == "--every must be at least 0.1 seconds (got \(value))")
        }
        #expect(try PullFeedCommand.parse(["--every", "0.1"]).every == 0.1)
    }
}
