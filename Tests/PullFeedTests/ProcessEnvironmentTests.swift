import Foundation
@testable import PullFeed
import Testing

/// The environment read from `environ` is the one `ProcessInfo` gives.
@Suite struct ProcessEnvironmentTests {
    @Test func itIsTheEnvironmentProcessInfoGives() {
        setenv("PULLFEED_TEST_VALUE", "a=b c", 1)
        setenv("PULLFEED_TEST_EMPTY", "", 1)
        defer {
            unsetenv("PULLFEED_TEST_VALUE")
            unsetenv("PULLFEED_TEST_EMPTY")
        }
        let read = ProcessEnvironment.current()
        #expect(read == ProcessInfo.processInfo.environment)
        #expect(read["PULLFEED_TEST_VALUE"] == "a=b c")
        #expect(read["PULLFEED_TEST_EMPTY"] == "")
    }
}
