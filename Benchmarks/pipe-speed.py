#!/usr/bin/env python3
"""How fast 1,000,000 piped lines are read to the end: `pullfeed` (release build) against `fzf`.

    Benchmarks/pipe-speed.py [--runs N] [--lines N]

For each program and run, in tmux at 80x24: `cat DATA | PROGRAM`; for pullfeed, End is pressed
as soon as the first line shows, and the time is taken when the title counts every line
("N items"); for fzf, when its info line reads "N/N". The screen is polled with `capture-pane`
(a few ms of resolution). Then the peak RSS (VmHWM) of the program. Prints each run, the medians,
the ratio, and the memory per line. Needs tmux and fzf (apt-get install fzf).
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = tempfile.mkdtemp(prefix="pullfeed-pipe-speed-")
SOCKET = os.path.join(WORK, "tmux.sock")
RUN = [0]


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-S", f"{SOCKET}.{RUN[0]}", *args], capture_output=True, text=True, encoding="utf-8",
                          errors="replace", check=check).stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "bench", check=False)


def descendant(pid, name):
    """The first process called `name` below `pid` (any depth)."""
    children = {}
    names = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        names[int(entry)] = stat[stat.index("(") + 1:stat.rindex(")")]
        children.setdefault(int(stat[stat.rindex(")") + 2:].split()[1]), []).append(int(entry))
    queue = [pid]
    while queue:
        current = queue.pop(0)
        for child in children.get(current, []):
            if names.get(child) == name:
                return child
            queue.append(child)
    return None


def run(command, name, done, press_end):
    RUN[0] += 1  # a server of its own each run: the last one may still be going away
    tmux("-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", "80", "-y", "24",
         f"env TERM=tmux-256color LANG=C.UTF-8 sh -c {command!r}; sleep 30")
    start = time.monotonic()
    shell = int(tmux("display-message", "-p", "-t", "bench", "#{pane_pid}").strip())
    pressed = not press_end
    elapsed = None
    while time.monotonic() - start < 60:
        text = screen()
        if not pressed and "›" in text:
            tmux("send-keys", "-t", "bench", "End")
            pressed = True
        if done(text):
            elapsed = (time.monotonic() - start) * 1000
            break
        time.sleep(0.002)
    if elapsed is None:
        print(f"{name}: timed out; screen:\n{screen()}")
    pid = descendant(shell, name)
    rss = None
    if pid:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmHWM:"):
                rss = int(line.split()[1]) / 1024
    tmux("kill-server", check=False)
    return elapsed, rss


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, default=1_000_000)
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "pullfeed"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "pullfeed")
    data = os.path.join(WORK, "lines.txt")
    with open(data, "w") as f:
        for i in range(args.lines):
            f.write(f"line {i:07d} with some words to make it as long as a log line\n")
    size = os.path.getsize(data)
    n = args.lines
    results = {"pullfeed": [], "fzf": []}
    for _ in range(args.runs):
        t, rss = run(f"cat {data} | {binary}", "pullfeed",
                     lambda s: s.splitlines()[0].rstrip().endswith(f" {n} items") if s else False, True)
        print(f"pullfeed: all {n} lines in {t:.0f} ms, peak RSS {rss:.1f} MiB")
        results["pullfeed"].append((t, rss))
        t, rss = run(f"cat {data} | fzf", "fzf", lambda s: f"{n}/{n}" in s, False)
        print(f"fzf: all {n} lines in {t:.0f} ms, peak RSS {rss:.1f} MiB")
        results["fzf"].append((t, rss))
    med = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)) for k, v in results.items()}
    for k, (t, rss) in med.items():
        print(f"{k:8s} median: {t:.0f} ms, peak RSS {rss:.1f} MiB = {rss * 1024 * 1024 / n:.1f} B a line "
              f"(input {size / n:.1f} B a line)")
    print(f"ratio pullfeed/fzf: time {med['pullfeed'][0] / med['fzf'][0]:.2f}x, RSS {med['pullfeed'][1] / med['fzf'][1]:.2f}x")


if __name__ == "__main__":
    main()
