// The loop a terminal program runs, and the guard that gives the terminal back: a program that
// draws on the terminal imports this module alone.
@_exported import EventLoop
