import CTestProcess

/// How the test process itself is set up before any test runs.
public enum TestProcess {
    /// Whether SIGPIPE is ignored, so that writing into a pipe whose reader ended fails with
    /// EPIPE in that one test instead of killing the run.
    public static var ignoresSIGPIPE: Bool { pf_test_sigpipe_is_ignored() == 1 }
}
