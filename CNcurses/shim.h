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

/* ncurses globals reached through functions, so Swift 6 sees no shared mutable state. */
static inline WINDOW *pf_stdscr(void) { return stdscr; }
static inline int pf_lines(void) { return LINES; }
static inline int pf_cols(void) { return COLS; }

static inline attr_t pf_a_reverse(void) { return A_REVERSE; }
static inline attr_t pf_a_bold(void) { return A_BOLD; }
static inline attr_t pf_a_dim(void) { return A_DIM; }
static inline attr_t pf_a_underline(void) { return A_UNDERLINE; }
static inline attr_t pf_a_normal(void) { return A_NORMAL; }

#endif
