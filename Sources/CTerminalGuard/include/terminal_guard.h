#ifndef PULLFEED_TERMINAL_GUARD_H
#define PULLFEED_TERMINAL_GUARD_H

/* The process-wide terminal safety net: async-signal-safe handlers that give the terminal back
   on crashes and signals, and a self-pipe that turns signals into bytes a poll loop reads.
   Its state lives in terminal_guard.c, one copy for the whole process, whatever module or
   object file calls these functions. */

#include <stddef.h>
#include <sys/types.h>

/* Writes all `length` bytes to `fd`, retrying after signals (async-signal-safe). Returns 0, or -1
   if the fd is closed or a write fails. */
int pf_write_all(int fd, const char *bytes, size_t length);

/* Arms the emergency restore: the fd to write to, the termios to put back (read from `fd` now),
   the bytes to send. Returns -1 if the bytes do not fit. */
int pf_arm_restore(int fd, const char *bytes, size_t length);
/* Turns the emergency restore off (the terminal was restored the normal way). */
void pf_disarm_restore(void);
int pf_restore_is_armed(void);
/* Restores the tty now, if armed, and disarms: the saved termios, then the restore bytes. */
void pf_emergency_restore(void);

/* Remembers a child's process group, to be killed if the process dies of a signal (at most 64). */
int pf_add_child_group(int group);
void pf_remove_child_group(int group);

/* An alternate signal stack for the calling thread, so the crash handler also runs after a
   stack overflow. Keeps an existing one. */
int pf_ensure_alt_stack(void);
/* Kills the child groups, restores the terminal, then lets `sig` do what it did before. */
int pf_install_fatal_handler(int sig);
/* Wraps the SIGTSTP handler in place (ncurses', once newterm has run): `suspend` is written before
   the stop and `resume` after it, then SIGCONT is written to `resume_pipe` (or -1). */
int pf_wrap_tstp(const char *suspend, size_t suspend_length, const char *resume, size_t resume_length, int resume_pipe);
/* Ctrl-Z read as a key: sends SIGTSTP to the process group, as the tty would, so that the wrapped
   handler suspends (see pf_wrap_tstp). Does nothing unless that handler is in place (SIGTSTP was
   ignored when the terminal was opened, or it is not open). */
int pf_suspend(void);
/* Forwards `sig` as one byte (the signal number) to the non-blocking pipe `write_fd`. */
int pf_forward_signal(int sig, int write_fd);
int pf_default_signal(int sig);
/* A close-on-exec, non-blocking pipe. */
int pf_make_pipe(int fds[2]);
/* A blocking pipe whose ends are close-on-exec from the moment they exist (pipe2), so a
   child spawned concurrently by another thread never inherits them. */
int pf_make_spawn_pipe(int fds[2]);
/* posix_spawn's POSIX_SPAWN_SETSID (a GNU extension the Swift Glibc module does not show): the
   child calls setsid() before exec, so it has no controlling terminal and its session id is
   also its process group id. Not to be combined with POSIX_SPAWN_SETPGROUP (a session leader
   cannot change its group). */
int pf_spawn_new_session_flag(void);
/* Runs `path` with `argv` and `envp` in the foreground of the terminal `tty_fd` (its stdin,
   stdout and stderr), in this process group, with every signal at its default and none blocked,
   and waits for it to end. Meanwhile this process ignores SIGINT, SIGQUIT and SIGTSTP, so the
   terminal's Ctrl-C, Ctrl-\ and Ctrl-Z reach the command alone; when Ctrl-Z stops the command,
   this process stops too (as the whole job would) and waits again once continued. Returns the
   wait status, or -1 with errno set when the command could not start. */
int pf_run_foreground(const char *path, char *const argv[], char *const envp[], int tty_fd);
/* Runs the emergency restore at exit() (once per process). */
int pf_register_atexit(void);

#endif
