import Foundation
import Testing
import TestSupport

/// The test process survives a pipe whose reader is gone: the write fails with EPIPE.
struct TestProcessTests {
    @Test func aWriteIntoAPipeWithoutAReaderFailsInsteadOfKillingTheRun() {
        #expect(TestProcess.ignoresSIGPIPE)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        defer { close(fds[1]) }
        var byte: UInt8 = 1
        #expect(write(fds[1], &byte, 1) == -1)
        #expect(errno == EPIPE)
    }
}
