#ifndef PF_TEST_PROCESS_H
#define PF_TEST_PROCESS_H

/// 1 when the test process ignores SIGPIPE (set before any test runs), else 0.
int pf_test_sigpipe_is_ignored(void);

#endif
