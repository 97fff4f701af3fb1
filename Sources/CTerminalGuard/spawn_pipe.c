#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include "terminal_guard.h"

int pf_make_spawn_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int pf_spawn_new_session_flag(void) {
    return POSIX_SPAWN_SETSID;
}
