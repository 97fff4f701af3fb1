import Foundation
import Testing

/// Streams as a new user meets them in the first hour: `yes` searched and filtered, then the
/// search cancelled; a command that never ends (`tail -f`); a small pipe that has ended; an
/// interval too short to be useful. Each test drives the built binary in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct StreamWorkflowTests {
    /// The title's item count as shown (`1000`, `200+`), if the title ends with one.
    func titleCount(_ session: HardeningSession) -> String? {
        let words = (session.screenLines().first ?? "").split(separator: " ")
        guard let last = words.last, last == "items" || last == "item", words.count >= 2 else { return nil }
        return String(words[words.count - 2])
    }

    /// Bytes in the spill files `pid` holds open in `folder` (they have no name: only their
    /// descriptors tell how much the stream put on disk).
    func spilledBytes(of pid: Int32, in folder: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.reduce(0) { total, fd in
            let link = "/proc/\(pid)/fd/\(fd)"
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link), target.hasPrefix(folder + "/") else {
                return total
            }
            var info = stat()
            return stat(link, &info) == 0 ? total + Int(info.st_size) : total
        }
    }

    /// `yes` piped in, a search (`/`) or a filter (`&`) for text it never writes, then Esc:
    /// reading stops within a moment (what is on disk no longer grows, the app uses no CPU),
    /// and End follows the stream again. (Before, the search's pages asked the stream to read
    /// on to its end, and nothing withdrew that: it read `yes` at full speed for good.)
    @Test(arguments: ["/", "&"])
    func cancellingASearchOrAFilterStopsReadingAnEndlessStream(key: String) throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = directory + "/spill"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let session = try HardeningSession([], directory: directory,
                                           prefix: "yes | PULLFEED_SPILL_BUDGET=100000 TMPDIR=\(Tmux.shellQuote(folder))")
        try session.tmux.waitUntil("the first line") { _ in session.selectedText() == "y" }
        let pid = try session.appPID()
        session.tmux.sendKeys(key)
        session.tmux.sendKeys("zqxj", literal: true)
        if key == "/" { session.tmux.sendKeys("Enter") }
        try session.tmux.waitUntil(timeout: 15, "the stream to be read to disk") { _ in spilledBytes(of: pid, in: folder) > 1 << 20 }
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil(timeout: 5, "the work to stop") { screen in
            !screen.contains("Searching") && !screen.contains("Filtering") && !screen.contains("&zqxj")
        }
        // What was asked for and read ahead arrives; then nothing is read.
        usleep(700_000)
        let probe = ProcessProbe(pid: pid)
        let ticks = try #require(probe.cpuTicks)
        let spilled = spilledBytes(of: pid, in: folder)
        usleep(2_000_000)
        let ticksLater = try #require(probe.cpuTicks)
        let spilledLater = spilledBytes(of: pid, in: folder)
        #expect(spilledLater == spilled, "the stream is still read: \(spilled) -> \(spilledLater) bytes on disk")
        // Clock ticks are hundredths of a second: an idle app uses none in 2 s (a few for a frame).
        #expect(ticksLater - ticks <= 10, "an idle app used \(ticksLater - ticks) ticks in 2 s")
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("following")
        try session.tmux.waitUntil(timeout: 10, "reading on while following") { _ in spilledBytes(of: pid, in: folder) > spilledLater + (1 << 20) }
    }
}
