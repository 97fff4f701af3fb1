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

#endif
