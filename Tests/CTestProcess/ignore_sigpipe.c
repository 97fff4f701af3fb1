#include <signal.h>
#include <stddef.h>
#include "test_process.h"

// The test process writes into pipes and FIFOs that children and other tests read: a reader
// that ends early must fail that test with EPIPE, not kill every test running beside it.
// Children that need the default get it back (the spawners reset every signal).
__attribute__((constructor)) static void pf_test_ignore_sigpipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

int pf_test_sigpipe_is_ignored(void) {
    struct sigaction current;
    if (sigaction(SIGPIPE, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_IGN;
}
