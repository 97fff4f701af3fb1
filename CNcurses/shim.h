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
static inline WINDOW *pf_curscr(void) { return curscr; }

static inline attr_t pf_a_reverse(void) { return A_REVERSE; }
static inline attr_t pf_a_bold(void) { return A_BOLD; }
static inline attr_t pf_a_dim(void) { return A_DIM; }
static inline attr_t pf_a_underline(void) { return A_UNDERLINE; }
static inline attr_t pf_a_normal(void) { return A_NORMAL; }

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

/* ---- scrolling the terminal directly ---- */

static inline const char *pf_cap(const char *name) {
    const char *cap = tigetstr(name);
    return cap == NULL || cap == (char *)-1 ? NULL : cap;
}

/* The capabilities pf_scroll_terminal uses, looked up once by pf_can_scroll_terminal. Like every
   function-local static in this header, each Swift file that calls these gets its own copy: call
   pf_can_scroll_terminal and pf_scroll_terminal from the same file (CursesTerminal.swift). */
typedef struct { const char *csr, *cup, *ind, *ri, *sc, *rc, *sgr0; } pf_scroll_caps;

static inline pf_scroll_caps *pf_scroll_capabilities(void) {
    static pf_scroll_caps caps;
    return &caps;
}

/* Whether pf_scroll_terminal can work here (the terminal has every capability it uses). Call it
   once curses is set up, before pf_scroll_terminal. */
static inline int pf_can_scroll_terminal(void) {
    pf_scroll_caps *c = pf_scroll_capabilities();
    c->csr = pf_cap("csr"); c->cup = pf_cap("cup"); c->ind = pf_cap("ind"); c->ri = pf_cap("ri");
    c->sc = pf_cap("sc"); c->rc = pf_cap("rc"); c->sgr0 = pf_cap("sgr0");
    return c->csr && c->cup && c->ind && c->ri && c->sc && c->rc && c->sgr0;
}

/* The bytes of one pf_scroll_terminal, collected by tputs (putp would go to stdout). */
typedef struct { char bytes[512]; int length; } pf_byte_buffer;

static inline pf_byte_buffer *pf_scroll_output(void) {
    static pf_byte_buffer buffer;
    return &buffer;
}

static inline int pf_collect_byte(int c) {
    pf_byte_buffer *out = pf_scroll_output();
    if (out->length < (int)sizeof(out->bytes)) out->bytes[out->length++] = (char)c;
    return c;
}

static inline void pf_emit(const char *cap) {
    tputs(cap, 1, pf_collect_byte);
}

/* Scrolls screen rows top...bottom of the terminal by `shift` (positive: content moves up),
   scrolling in blank rows of the default colours, and tells curses the same happened to
   curscr and newscr: the moved rows then cost curses no comparison at all. The bytes are
   written to `fd` at once, so call it only when curses has nothing buffered (between two
   doupdates). The cursor position and attributes are saved and restored around it (sc/rc),
   so curses' idea of both stays true. Returns 0, or -1 if writing failed. */
static inline int pf_scroll_terminal(int fd, int top, int bottom, int shift, int height) {
    pf_byte_buffer *out = pf_scroll_output();
    out->length = 0;
    const pf_scroll_caps *c = pf_scroll_capabilities();
    pf_emit(c->sc);
    pf_emit(c->sgr0);
    pf_emit(tiparm(c->csr, top, bottom));
    if (shift > 0) {
        pf_emit(tiparm(c->cup, bottom, 0));
        for (int i = 0; i < shift; i++) pf_emit(c->ind);
    } else {
        pf_emit(tiparm(c->cup, top, 0));
        for (int i = 0; i < -shift; i++) pf_emit(c->ri);
    }
    pf_emit(tiparm(c->csr, 0, height - 1));
    pf_emit(c->rc);
    if (out->length >= (int)sizeof(out->bytes)) return -1;
    if (pf_write_all(fd, out->bytes, (size_t)out->length) != 0) return -1;
    WINDOW *screens[2] = { curscr, newscr };
    for (int i = 0; i < 2; i++) {
        wsetscrreg(screens[i], top, bottom);
        scrollok(screens[i], TRUE);
        wscrl(screens[i], shift);
        scrollok(screens[i], FALSE);
        wsetscrreg(screens[i], 0, height - 1);
    }
    /* doupdate compares every row flagged in either screen; these rows already agree. */
    wtouchln(newscr, top, bottom - top + 1, 0);
    wtouchln(curscr, top, bottom - top + 1, 0);
    return 0;
}

/* ---- wide cells ---- */

/* Sets `out` to the character made of `count` wide chars (at most CCHARW_MAX used). */
static inline int pf_setcchar(cchar_t *out, const wchar_t *chars, int count, attr_t attrs, short pair) {
    wchar_t buffer[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buffer[i] = chars[i];
    buffer[n] = 0;
    return setcchar(out, buffer, attrs, pair, NULL);
}

static inline int pf_ccharw_max(void) { return CCHARW_MAX; }
static inline int pf_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
static inline int pf_color_pairs(void) { return COLOR_PAIRS; }

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
};

static inline struct pf_guard_state *pf_guard(void) {
    static struct pf_guard_state state = { .signal_pipe = -1, .restore_fd = -1 };
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
   reports. This wrapper turns them off around the stop and back on after it. */
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
    if (armed && g->armed) (void)pf_write_all(g->restore_fd, g->resume_bytes, g->resume_length);
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
   unless SIGTSTP is ignored (no job control). */
static inline int pf_wrap_tstp(const char *suspend, size_t suspend_length, const char *resume, size_t resume_length) {
    struct pf_guard_state *g = pf_guard();
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
