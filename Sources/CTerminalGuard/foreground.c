#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "terminal_guard.h"

int pf_run_foreground(const char *path, char *const argv[], char *const envp[], int tty_fd) {
    struct sigaction ignore, old_int, old_quit, old_tstp;
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    (void)sigaction(SIGINT, &ignore, &old_int);
    (void)sigaction(SIGQUIT, &ignore, &old_quit);
    (void)sigaction(SIGTSTP, &ignore, &old_tstp);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    for (int fd = 0; fd <= 2; fd++) posix_spawn_file_actions_adddup2(&actions, tty_fd, fd);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = 0;
    int result = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);

    int status = -1;
    if (result == 0) {
        for (;;) {
            if (waitpid(pid, &status, WUNTRACED) < 0) {
                if (errno == EINTR) continue;
                status = -1;
                break;
            }
            if (WIFSTOPPED(status)) {
                /* Ctrl-Z stopped the command: the job stops, and goes on when continued. */
                (void)kill(getpid(), SIGSTOP);
                (void)kill(pid, SIGCONT);
                continue;
            }
            break;
        }
    }
    int saved = errno;
    (void)sigaction(SIGINT, &old_int, NULL);
    (void)sigaction(SIGQUIT, &old_quit, NULL);
    (void)sigaction(SIGTSTP, &old_tstp, NULL);
    errno = result != 0 ? result : saved;
    return status;
}
