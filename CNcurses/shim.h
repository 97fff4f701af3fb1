#ifndef PULLFEED_CNCURSES_SHIM_H
#define PULLFEED_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* ncurses globals reached through functions, so Swift 6 sees no shared mutable state. */
static inline WINDOW *pf_stdscr(void) { return stdscr; }
static inline int pf_lines(void) { return LINES; }
static inline int pf_cols(void) { return COLS; }

/* ---- terminal size and type ---- */

/* The tty's size through TIOCGWINSZ (ioctl is variadic, so Swift cannot call it). */
static inline int pf_get_winsize(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

/* Checks TERM without letting ncurses print or exit: 1 usable, 0 unknown to terminfo,
   -1 no terminfo database, -2 known but cannot address the cursor (hardcopy, dumb). */
static inline int pf_check_term(const char *term, int fd) {
    int err = 0;
    if (setupterm(term, fd, &err) != OK) return err == -1 ? -1 : 0;
    const char *cup = tigetstr("cup");
    int usable = cup != NULL && cup != (char *)-1 && tigetflag("hc") <= 0;
    del_curterm(cur_term);
    cur_term = NULL;
    return usable ? 1 : -2;
}

/* ---- output ---- */

/* Writes all `length` bytes to `fd`, retrying after signals (async-signal-safe). Returns 0, or -1
   if the fd is closed or a write fails. */
static inline int pf_write_all(int fd, const char *bytes, size_t length) {
    size_t done = 0;
    while (fd >= 0 && done < length) {
        ssize_t n = write(fd, bytes + done, length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else return -1;
    }
    return done == length ? 0 : -1;
}

/* ---- terminfo (the sequences ScreenWriter sends) ---- */

static inline const char *pf_cap(const char *name) {
    const char *cap = tigetstr(name);
    return cap == NULL || cap == (char *)-1 ? NULL : cap;
}

/* tiparm with one or two parameters (tiparm is variadic, so Swift cannot call it). The result
   lives in ncurses' buffer until the next call: copy it at once. */
static inline const char *pf_tiparm1(const char *cap, int a) { return tiparm(cap, a); }
static inline const char *pf_tiparm2(const char *cap, int a, int b) { return tiparm(cap, a, b); }
static inline int pf_flag(const char *name) { return tigetflag(name) > 0; }
static inline int pf_number(const char *name) { return tigetnum(name); }

/* ---- character width (what the terminal advances, by the C library) ---- */

static inline int pf_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/* ---- signals (async-signal-safe handlers in C) ---- */

/* The guard's state, only touched from TerminalGuard.swift, so every caller shares one copy
   (each Swift object file that calls these functions gets its own copy of the statics).
   A function-local static, because Swift's C importer does not emit file-scope aggregates. */
struct pf_guard_state {
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
};

static inline struct pf_guard_state *pf_guard(void) {
    static struct pf_guard_state state = { .signal_pipe = -1, .restore_fd = -1, .resume_pipe = -1 };
    return &state;
}

/* Restores the tty with async-signal-safe calls only (tcsetattr, write). */
static inline void pf_emergency_restore(void) {
    struct pf_guard_state *g = pf_guard();
    if (!g->armed) return;
    g->armed = 0;
    if (g->restore_fd < 0) return;
    if (g->have_termios) (void)tcsetattr(g->restore_fd, TCSANOW, &g->saved_termios);
    (void)pf_write_all(g->restore_fd, g->restore_bytes, g->restore_length);
}

/* Arms the emergency restore: the fd to write to, the termios to put back, the bytes to send. */
static inline int pf_arm_restore(int fd, const char *bytes, size_t length) {
    struct pf_guard_state *g = pf_guard();
    if (length > sizeof(g->restore_bytes)) return -1;
    g->armed = 0;
    memcpy(g->restore_bytes, bytes, length);
    g->restore_length = length;
    g->restore_fd = fd;
    g->have_termios = tcgetattr(fd, &g->saved_termios) == 0;
    g->armed = 1;
    return 0;
}

static inline void pf_disarm_restore(void) { pf_guard()->armed = 0; }
static inline int pf_restore_is_armed(void) { return pf_guard()->armed; }

/* Remembers a child's process group, to be killed if the process dies of a signal. */
static inline int pf_add_child_group(int group) {
    struct pf_guard_state *g = pf_guard();
    for (int i = 0; i < 64; i++) {
        if (g->child_groups[i] == 0) { g->child_groups[i] = group; return 0; }
    }
    return -1;
}

static inline void pf_remove_child_group(int group) {
    struct pf_guard_state *g = pf_guard();
    for (int i = 0; i < 64; i++) {
        if (g->child_groups[i] == group) g->child_groups[i] = 0;
    }
}

/* Async-signal-safe: SIGKILL to every remembered child process group. */
static inline void pf_kill_child_groups(void) {
    struct pf_guard_state *g = pf_guard();
    for (int i = 0; i < 64; i++) {
        int group = g->child_groups[i];
        if (group > 0) (void)kill(-group, SIGKILL);
    }
}

static void pf_fatal_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    pf_kill_child_groups();
    pf_emergency_restore();
    if (sig > 0 && sig < 32) (void)sigaction(sig, &pf_guard()->previous_fatal[sig], NULL);
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

/* An alternate signal stack for the calling thread, so the crash handler also runs after a
   stack overflow. Keeps an existing one (the Swift runtime may have installed it). */
static inline int pf_ensure_alt_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return 0;
    stack_t stack;
    stack.ss_size = 64 * 1024;
    stack.ss_sp = malloc(stack.ss_size);
    stack.ss_flags = 0;
    if (stack.ss_sp == NULL) return -1;
    return sigaltstack(&stack, NULL);
}

static inline int pf_install_fatal_handler(int sig) {
    if (sig <= 0 || sig >= 32) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = pf_fatal_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, &pf_guard()->previous_fatal[sig]);
}

static void pf_forward_handler(int sig) {
    int saved = errno;
    int fd = pf_guard()->signal_pipe;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)sig;
        (void)write(fd, &byte, 1);
    }
    errno = saved;
}

/* Ctrl-Z: ncurses' own handler leaves the screen and stops the process, but it does not know
   about the mouse reporting turned on with raw bytes, so the shell would receive mouse
   reports. This wrapper turns them off around the stop and back on after it, then tells the
   loop (SIGCONT through the signal pipe) that the screen must be drawn again: frames do not
   go through ncurses, so what it repaints on resume is not the app's screen. */
static void pf_tstp_handler(int sig) {
    struct pf_guard_state *g = pf_guard();
    int saved = errno;
    int armed = g->armed;
    if (armed) (void)pf_write_all(g->restore_fd, g->suspend_bytes, g->suspend_length);
    struct sigaction previous = g->previous_tstp;
    if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
    } else {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGTSTP);
        (void)sigprocmask(SIG_UNBLOCK, &set, NULL);
        (void)kill(getpid(), SIGSTOP);
    }
    if (armed && g->armed) {
        (void)pf_write_all(g->restore_fd, g->resume_bytes, g->resume_length);
        if (g->resume_pipe >= 0) {
            unsigned char byte = SIGCONT;
            (void)write(g->resume_pipe, &byte, 1);
        }
    }
    errno = saved;
}

/* Installs `handler` for `sig` with `flags` and an empty mask. */
static inline int pf_set_handler(int sig, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

/* Wraps the SIGTSTP handler in place (ncurses', once newterm has run) with pf_tstp_handler,
   unless SIGTSTP is ignored (no job control). After a resume it writes SIGCONT to `resume_pipe`
   (the signal pipe's write end, or -1). */
static inline int pf_wrap_tstp(const char *suspend, size_t suspend_length, const char *resume, size_t resume_length, int resume_pipe) {
    struct pf_guard_state *g = pf_guard();
    g->resume_pipe = resume_pipe;
    if (suspend_length > sizeof(g->suspend_bytes) || resume_length > sizeof(g->resume_bytes)) return -1;
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) != 0) return -1;
    if (!(current.sa_flags & SA_SIGINFO) && (current.sa_handler == SIG_IGN || current.sa_handler == pf_tstp_handler)) return 0;
    memcpy(g->suspend_bytes, suspend, suspend_length);
    g->suspend_length = suspend_length;
    memcpy(g->resume_bytes, resume, resume_length);
    g->resume_length = resume_length;
    g->previous_tstp = current;
    return pf_set_handler(SIGTSTP, pf_tstp_handler, SA_RESTART);
}

/* Forwards `sig` as one byte (the signal number) to the non-blocking pipe `write_fd`. */
static inline int pf_forward_signal(int sig, int write_fd) {
    pf_guard()->signal_pipe = write_fd;
    return pf_set_handler(sig, pf_forward_handler, SA_RESTART);
}

static inline int pf_default_signal(int sig) {
    return pf_set_handler(sig, SIG_DFL, 0);
}

/* A close-on-exec, non-blocking pipe (pipe2 is not visible to Swift through Glibc). */
static inline int pf_make_pipe(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    }
    return 0;
}

static void pf_atexit_restore(void) { pf_emergency_restore(); }
static inline int pf_register_atexit(void) { return atexit(pf_atexit_restore); }

#endif
