#include "terminal_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* The one copy of the guard's state. Handlers read it, so it is only written while no handler
   can use the part being written (armed is cleared first). */
static struct {
    int signal_pipe;
    int restore_fd;
    volatile sig_atomic_t armed;
    int have_termios;
    struct termios saved_termios;
    char restore_bytes[256];
    size_t restore_length;
    struct sigaction previous_fatal[32];
    struct sigaction previous_tstp;
    volatile sig_atomic_t child_groups[64];
    char suspend_bytes[64];
    size_t suspend_length;
    char resume_bytes[64];
    size_t resume_length;
    int resume_pipe;
    int atexit_registered;
} guard = { .signal_pipe = -1, .restore_fd = -1, .resume_pipe = -1 };

int pf_write_all(int fd, const char *bytes, size_t length) {
    size_t done = 0;
    while (fd >= 0 && done < length) {
        ssize_t n = write(fd, bytes + done, length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else return -1;
    }
    return done == length ? 0 : -1;
}

void pf_emergency_restore(void) {
    if (!guard.armed) return;
    guard.armed = 0;
    if (guard.restore_fd < 0) return;
    if (guard.have_termios) (void)tcsetattr(guard.restore_fd, TCSANOW, &guard.saved_termios);
    (void)pf_write_all(guard.restore_fd, guard.restore_bytes, guard.restore_length);
}

int pf_arm_restore(int fd, const char *bytes, size_t length) {
    if (length > sizeof(guard.restore_bytes)) return -1;
    guard.armed = 0;
    memcpy(guard.restore_bytes, bytes, length);
    guard.restore_length = length;
    guard.restore_fd = fd;
    guard.have_termios = tcgetattr(fd, &guard.saved_termios) == 0;
    guard.armed = 1;
    return 0;
}

void pf_disarm_restore(void) { guard.armed = 0; }
int pf_restore_is_armed(void) { return guard.armed; }

int pf_add_child_group(int group) {
    for (int i = 0; i < 64; i++) {
        if (guard.child_groups[i] == 0) { guard.child_groups[i] = group; return 0; }
    }
    return -1;
}

void pf_remove_child_group(int group) {
    for (int i = 0; i < 64; i++) {
        if (guard.child_groups[i] == group) guard.child_groups[i] = 0;
    }
}

/* Async-signal-safe: SIGKILL to every remembered child process group. */
static void kill_child_groups(void) {
    for (int i = 0; i < 64; i++) {
        int group = guard.child_groups[i];
        if (group > 0) (void)kill(-group, SIGKILL);
    }
}

static void fatal_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    kill_child_groups();
    pf_emergency_restore();
    if (sig > 0 && sig < 32) (void)sigaction(sig, &guard.previous_fatal[sig], NULL);
    errno = saved;
    /* A fault re-executes the instruction and reaches the previous handler (the Swift
       backtracer or the default action); a signal sent by kill/raise, an abort and a quit
       (Ctrl-\ comes from the kernel, si_code > 0) are sent again. */
    if (info == NULL || info->si_code <= 0 || sig == SIGABRT || sig == SIGQUIT) {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        (void)sigprocmask(SIG_UNBLOCK, &set, NULL);
        (void)raise(sig);
    }
}

int pf_ensure_alt_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return 0;
    stack_t stack;
    stack.ss_size = 64 * 1024;
    stack.ss_sp = malloc(stack.ss_size);
    stack.ss_flags = 0;
    if (stack.ss_sp == NULL) return -1;
    return sigaltstack(&stack, NULL);
}

int pf_install_fatal_handler(int sig) {
    if (sig <= 0 || sig >= 32) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = fatal_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, &guard.previous_fatal[sig]);
}

static void forward_handler(int sig) {
    int saved = errno;
    int fd = guard.signal_pipe;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)sig;
        (void)write(fd, &byte, 1);
    }
    errno = saved;
}

/* Ctrl-Z: ncurses' own handler leaves the screen and stops the process, but it does not know
   about the modes turned on with raw bytes (mouse reporting, bracketed paste), so the shell
   would receive mouse reports. This wrapper turns them off around the stop and back on after
   it, then tells the loop (SIGCONT through the signal pipe) that the screen must be drawn
   again: frames do not go through ncurses, so what it repaints on resume is not the app's. */
static void tstp_handler(int sig) {
    int saved = errno;
    int armed = guard.armed;
    if (armed) (void)pf_write_all(guard.restore_fd, guard.suspend_bytes, guard.suspend_length);
    struct sigaction previous = guard.previous_tstp;
    if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
    } else {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGTSTP);
        (void)sigprocmask(SIG_UNBLOCK, &set, NULL);
        (void)kill(getpid(), SIGSTOP);
    }
    if (armed && guard.armed) {
        (void)pf_write_all(guard.restore_fd, guard.resume_bytes, guard.resume_length);
        if (guard.resume_pipe >= 0) {
            unsigned char byte = SIGCONT;
            (void)write(guard.resume_pipe, &byte, 1);
        }
    }
    errno = saved;
}

static int set_handler(int sig, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

int pf_wrap_tstp(const char *suspend, size_t suspend_length, const char *resume, size_t resume_length, int resume_pipe) {
    guard.resume_pipe = resume_pipe;
    if (suspend_length > sizeof(guard.suspend_bytes) || resume_length > sizeof(guard.resume_bytes)) return -1;
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) != 0) return -1;
    if (!(current.sa_flags & SA_SIGINFO) && (current.sa_handler == SIG_IGN || current.sa_handler == tstp_handler)) return 0;
    memcpy(guard.suspend_bytes, suspend, suspend_length);
    guard.suspend_length = suspend_length;
    memcpy(guard.resume_bytes, resume, resume_length);
    guard.resume_length = resume_length;
    guard.previous_tstp = current;
    return set_handler(SIGTSTP, tstp_handler, SA_RESTART);
}

int pf_suspend(void) {
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) != 0) return -1;
    if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != tstp_handler) return 0;
    return kill(0, SIGTSTP);
}

int pf_forward_signal(int sig, int write_fd) {
    guard.signal_pipe = write_fd;
    return set_handler(sig, forward_handler, SA_RESTART);
}

int pf_default_signal(int sig) { return set_handler(sig, SIG_DFL, 0); }

int pf_make_pipe(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    }
    return 0;
}

static void atexit_restore(void) { pf_emergency_restore(); }

int pf_register_atexit(void) {
    if (guard.atexit_registered) return 0;
    guard.atexit_registered = 1;
    return atexit(atexit_restore);
}
