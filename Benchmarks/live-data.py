#!/usr/bin/env python3
"""Live data against `less`, in tmux at 80x24 (release build of pullfeed).

    Benchmarks/live-data.py [--runs N] [--big PATH] [--skip-big] [--skip-stream] [--fast SECONDS]
    STATIC=1 Benchmarks/live-data.py ...   # the binary as README's Install builds it

Big file: a 1 GB file of 19,000,000 lines (gen_items.py --count 100000, 190 times; made once
at PATH, default /tmp/pullfeed-1g.txt). For each program and run: the time to the first frame
(the first item on screen), the time from End (`G` for less) until the last line is on screen,
and, for pullfeed, the time until the title shows the exact count; then the peak RSS
(VmHWM). Stream: a writer prints one line every 100 ms into `pullfeed` (`less +F` for less);
the latency from each write to the line on screen. Screens are read with `tmux capture-pane`
in a tight loop, so figures have a resolution of a few milliseconds. Prints every run and the
medians, and the ratios to less.

Fast stream (`--fast SECONDS`, pullfeed only): a writer prints 10,000 lines a second (100 every
10 ms) while End follows them, for SECONDS: how far behind the screen is (at each look, how long
ago the newest line on screen was written), how long a key takes to answer (`?` until the keys
page shows, then Esc and End again), and the peak RSS. Then `yes | pullfeed` at full speed: the
same key answers, the peak RSS after SECONDS, and how long Ctrl-C takes to end the app.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "..", "shared", "tools", "tuiprobe", "data", "gen_items.py")
WORK = tempfile.mkdtemp(prefix="pullfeed-live-")
SOCKET = os.path.join(WORK, "tmux.sock")


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-S", SOCKET, *args], capture_output=True, text=True, check=check).stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "bench", check=False)


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = screen()
        if predicate(s):
            return time.monotonic()
        time.sleep(0.001)
    raise SystemExit("timed out; screen:\n" + screen())


def start(command):
    tmux("kill-server", check=False)
    pidfile = os.path.join(WORK, "pid")
    if os.path.exists(pidfile):
        os.unlink(pidfile)
    t0 = time.monotonic()
    tmux("-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", "80", "-y", "24",
         f"{command} & echo $! > {pidfile}; wait")
    while not os.path.exists(pidfile) or not open(pidfile).read().strip():
        time.sleep(0.001)
    return t0, int(open(pidfile).read())


def peak_rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"):
                return int(line.split()[1]) / 1024
    return float("nan")


def big_file(path):
    if os.path.exists(path) and os.path.getsize(path) > 1_000_000_000:
        return path
    subprocess.run([sys.executable, GEN, "--count", "100000"], check=True, capture_output=True)
    block = open("/tmp/tuiprobe-items-100000.txt", "rb").read()
    with open(path, "wb") as f:
        for _ in range(190):
            f.write(block)
    return path


def run_big(app, path, runs):
    results = {"pullfeed": [], "less": []}
    last = "Item 100000"
    for label in ("pullfeed", "less"):
        for _ in range(runs):
            subprocess.run(["cat", path], stdout=subprocess.DEVNULL)  # same warm page cache
            cmd = f"XDG_STATE_HOME={WORK} {app} --file {path}" if label == "pullfeed" else f"less {path}"
            t0, pid = start(cmd)
            first = wait_for(lambda s: "Item 000001" in s, 30) - t0
            t1 = time.monotonic()
            tmux("send-keys", "-t", "bench", "End" if label == "pullfeed" else "G")
            end = wait_for(lambda s: last in s, 60) - t1
            counted = float("nan")
            if label == "pullfeed":
                counted = wait_for(lambda s: "19,000,000 items" in s, 120) - t1
            rss = peak_rss(pid)
            tmux("send-keys", "-t", "bench", "q")
            tmux("kill-server", check=False)
            results[label].append((first * 1000, end * 1000, counted * 1000, rss))
            print(f"{label}: first frame {first*1000:.1f} ms, End {end*1000:.1f} ms, "
                  f"exact count {counted*1000:.0f} ms, peak RSS {rss:.1f} MiB", file=sys.stderr)
    return results


def run_stream(app, runs, lines=30):
    results = {"pullfeed": [], "less": []}
    writer = os.path.join(WORK, "writer.py")
    with open(writer, "w") as f:
        f.write("import sys, time\n"
                f"log = open({os.path.join(WORK, 'writes')!r}, 'w')\n"
                f"for i in range(1, {lines} + 1):\n"
                "    sys.stdout.write(f'tick {i:04d}\\n'); sys.stdout.flush()\n"
                "    log.write(f'{i} {time.monotonic()}\\n'); log.flush()\n"
                "    time.sleep(0.1)\n"
                "time.sleep(600)\n")
    for label in ("pullfeed", "less"):
        for _ in range(runs):
            program = f"XDG_STATE_HOME={WORK} {app}" if label == "pullfeed" else "less +F"
            start(f"{sys.executable} {writer} | {program}")
            if label == "pullfeed":
                # End follows the stream, as `less +F` does, so every line comes into view.
                wait_for(lambda s: "tick 0001" in s, 10)
                tmux("send-keys", "-t", "bench", "End")
            seen = {}
            deadline = time.monotonic() + lines * 0.1 + 10
            while len(seen) < lines and time.monotonic() < deadline:
                s = screen()
                now = time.monotonic()
                for i in range(1, lines + 1):
                    if i not in seen and f"tick {i:04d}" in s:
                        seen[i] = now
                time.sleep(0.001)
            written = {}
            for line in open(os.path.join(WORK, "writes")):
                i, t = line.split()
                written[int(i)] = float(t)
            latencies = [(seen[i] - written[i]) * 1000 for i in seen if i in written]
            tmux("kill-server", check=False)
            med = statistics.median(latencies) if latencies else float("nan")
            worst = max(latencies) if latencies else float("nan")
            results[label].append((med, worst, len(seen)))
            print(f"{label}: stream latency median {med:.1f} ms, max {worst:.1f} ms, {len(seen)}/{lines} lines",
                  file=sys.stderr)
    return results


def run_fast(app, seconds):
    writer = os.path.join(WORK, "fast.py")
    writes = os.path.join(WORK, "fast-writes")
    with open(writer, "w") as f:
        f.write("import sys, time\n"
                f"log = open({writes!r}, 'w')\n"
                "t0 = time.monotonic(); n = 0; batch = 0\n"
                "while True:\n"
                "    sys.stdout.write(''.join(f'tick {n + k:09d} of a fast stream\\n' for k in range(100))); sys.stdout.flush()\n"
                "    log.write(f'{n} {time.monotonic()}\\n'); log.flush()\n"
                "    n += 100; batch += 1\n"
                "    time.sleep(max(0, t0 + batch * 0.01 - time.monotonic()))\n")

    def newest_on_screen(text):
        ticks = [int(w) for line in text.splitlines() for w in line.split()[1:2] if line.lstrip(" ›").startswith("tick ") and w.isdigit()]
        return max(ticks) if ticks else None

    def key_answers(count):
        answers = []
        for _ in range(count):
            t0 = time.monotonic()
            tmux("send-keys", "-t", "bench", "?")
            answers.append((wait_for(lambda s: "Keys —" in s, 10) - t0) * 1000)
            tmux("send-keys", "-t", "bench", "Escape")
            wait_for(lambda s: "Keys —" not in s, 10)
            tmux("send-keys", "-t", "bench", "End")
            time.sleep(0.2)
        return answers

    _, pid = start(f"{sys.executable} {writer} | XDG_STATE_HOME={WORK} {app}")
    wait_for(lambda s: "tick " in s, 10)
    tmux("send-keys", "-t", "bench", "End")
    time.sleep(1)
    behind = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = screen()
        now = time.monotonic()
        newest = newest_on_screen(text)
        if newest is not None:
            written = {}
            for line in open(writes).readlines()[-300:]:
                i, t = line.split()
                written[int(i)] = float(t)
            batch = newest - newest % 100
            if batch in written:
                behind.append((now - written[batch]) * 1000)
        time.sleep(0.02)
    answers = key_answers(10)
    rss = peak_rss(pid)
    tmux("kill-server", check=False)
    behind.sort()
    print(f"10,000 lines/s, following End for {seconds} s: behind median {statistics.median(behind):.0f} ms, "
          f"p95 {behind[int(len(behind) * 0.95)]:.0f} ms ({len(behind)} looks); keys median "
          f"{statistics.median(answers):.0f} ms, max {max(answers):.0f} ms; peak RSS {rss:.1f} MiB")

    _, pid = start(f"yes | XDG_STATE_HOME={WORK} {app}")
    wait_for(lambda s: "› y" in s or "›y" in s, 10)
    tmux("send-keys", "-t", "bench", "End")
    time.sleep(seconds)
    answers = key_answers(10)
    rss = peak_rss(pid)
    t0 = time.monotonic()
    tmux("send-keys", "-t", "bench", "C-c")
    while os.path.exists(f"/proc/{pid}") and time.monotonic() - t0 < 10:
        state = open(f"/proc/{pid}/stat").read().split(")")[1].split()[0] if os.path.exists(f"/proc/{pid}/stat") else "Z"
        if state == "Z":
            break
        time.sleep(0.001)
    quit_ms = (time.monotonic() - t0) * 1000
    tmux("kill-server", check=False)
    print(f"yes | pullfeed, End for {seconds} s: keys median {statistics.median(answers):.0f} ms, max {max(answers):.0f} ms; "
          f"peak RSS {rss:.1f} MiB; Ctrl-C ended it in {quit_ms:.0f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--big", default="/tmp/pullfeed-1g.txt")
    parser.add_argument("--skip-big", action="store_true")
    parser.add_argument("--skip-stream", action="store_true")
    parser.add_argument("--fast", type=float, metavar="SECONDS", help="only the fast-stream figures, over SECONDS")
    args = parser.parse_args()
    # STATIC=1: the binary as README's Install builds it (--static-swift-stdlib), as pty-compare.sh
    static = os.environ.get("STATIC") == "1"
    scratch = ".build-static" if static else ".build"
    flags = ["--static-swift-stdlib", "--scratch-path", scratch] if static else []
    subprocess.run(["swift", "build", "-c", "release", "--product", "pullfeed"] + flags, cwd=ROOT, check=True,
                   stdout=sys.stderr)
    app = os.path.join(ROOT, scratch, "release", "pullfeed")
    if args.fast:
        run_fast(app, args.fast)
        return
    if not args.skip_big:
        r = run_big(app, big_file(args.big), args.runs)
        med = {k: [statistics.median(x[i] for x in v) for i in range(4)] for k, v in r.items()}
        for k, (first, end, counted, rss) in med.items():
            extra = f", exact count {counted:.0f} ms" if k == "pullfeed" else ""
            print(f"1 GB file, {k:8s} medians over {args.runs}: first frame {first:.1f} ms, End {end:.1f} ms{extra}, peak RSS {rss:.1f} MiB")
        p, l = med["pullfeed"], med["less"]
        print(f"ratios pullfeed/less: first frame {p[0]/l[0]:.2f}x, End {p[1]/l[1]:.2f}x, peak RSS {p[3]/l[3]:.2f}x")
    if not args.skip_stream:
        r = run_stream(app, args.runs)
        for k, v in r.items():
            print(f"stream, {k:8s} median of run medians {statistics.median(x[0] for x in v):.1f} ms, "
                  f"worst {max(x[1] for x in v):.1f} ms")


if __name__ == "__main__":
    try:
        main()
    finally:
        subprocess.run(["tmux", "-S", SOCKET, "kill-server"], capture_output=True)
        subprocess.run(["rm", "-rf", WORK])
