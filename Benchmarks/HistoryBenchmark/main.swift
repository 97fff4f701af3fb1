// The refresh history's store under load, through the app's own code (run on demand):
//
//     swift run -c release history-bench [--results N] [--size SIZE] [--seconds S] [--skip-day]
//
// 1. A day of `--every 1` on `ps`: 86,400 results (S, default a day), one a second, mostly
//    repeats: `ps -eo pid,user,comm` read once, and every 30th second a process starts or ends.
//    Each result goes through HistoryStore.record, as the app's writer does, into a fresh
//    database under $TMPDIR with the limits given (default --history 100, --history-size 256M),
//    then again with a 2M bound and 100,000 results a source to show the size bound holding.
//    Prints time per result and the database's size (largest seen, and at the end), which must
//    stay within the bound.
// 2. 10,000-line results written off the UI thread: 20 results of 10,000 changing lines handed
//    to a HistoryWriter while this thread ticks every millisecond as the UI loop would; prints
//    the time per result on the writer's queue and the longest gap between two ticks.

import Dispatch
import Foundation
import PullFeed

let arguments = CommandLine.arguments
func value(_ name: String) -> String? { arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
let seconds = Int(value("--seconds") ?? "") ?? 86_400

/// `ps -eo pid,user,comm`'s lines, read once.
func psLines() -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/ps")
    process.arguments = ["-eo", "pid,user,comm"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}

/// Prints `line` at once (a crash loses nothing printed before it).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

func mib(_ bytes: Int) -> String { String(format: "%.2f MiB", Double(bytes) / 1_048_576) }

func day(limits: HistoryLimits, label: String) throws {
    let folder = NSTemporaryDirectory() + "pullfeed-history-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/history.sqlite"
    let store = try HistoryStore(path: path, limits: limits)
    let key = HistorySourceKey.command("ps -eo pid,user,comm", directory: "/")
    var lines = psLines()
    var nextPID = 100_000
    var largest = 0, largestWithWAL = 0
    let start = Date()
    let epoch = Date(timeIntervalSince1970: 1_800_000_000)
    for second in 0..<seconds {
        if second % 30 == 29 {
            if second % 60 == 59, lines.count > 20 {
                lines.remove(at: 1 + second / 60 % (lines.count - 1))
            } else {
                nextPID += 1
                lines.append("\(nextPID) root     worker-\(nextPID % 97)")
            }
        }
        try store.record(.strings(lines), for: key, at: epoch.addingTimeInterval(Double(second)))
        if second % 100 == 0 || second == seconds - 1 {
            largest = max(largest, fileSize(path))
            largestWithWAL = max(largestWithWAL, fileSize(path) + fileSize(path + "-wal"))
        }
    }
    let elapsed = Date().timeIntervalSince(start)
    let kept = try store.results(for: key).count
    say("| \(label) | \(seconds) | \(lines.count) | \(String(format: "%.1f s", elapsed)) | \(String(format: "%.0f µs", elapsed / Double(seconds) * 1e6)) "
          + "| \(kept) | \(mib(fileSize(path))) | \(mib(largest)) | \(mib(largestWithWAL)) | \(mib(limits.maxBytes)) |")
    precondition(largest <= limits.maxBytes, "the database grew past its bound")
}

func largeResults(count: Int = 20, lines: Int = 10_000) {
    let folder = NSTemporaryDirectory() + "pullfeed-history-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/history.sqlite"
    let writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in try HistoryStore(path: path) },
                               onFailure: { say("history failed: \($0)") })
    let key = HistorySourceKey.command("large", directory: "/")
    let written = DispatchSemaphore(value: 0)
    let queueTime = UnsafeSendableBox(0.0)
    var handOver = 0.0
    let started = DispatchTime.now().uptimeNanoseconds
    for round in 0..<count {
        let list = (0..<lines).map { "\(round)-\($0) user 12345 4.2 0.3 /usr/bin/some-process --with arguments \($0 &* 2654435761 % 99991)" }
        let before = DispatchTime.now().uptimeNanoseconds
        let input = HistoryInput.strings(list)
        let handed = DispatchTime.now().uptimeNanoseconds
        writer.write(input, for: key, at: Date()) { _ in
            queueTime.value = Double(DispatchTime.now().uptimeNanoseconds - handed) / 1e6
            written.signal()
        }
        handOver = max(handOver, Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6)
        // The UI thread meanwhile: a tick a millisecond, the longest gap between two recorded.
        var longest = 0.0
        var last = DispatchTime.now().uptimeNanoseconds
        while written.wait(timeout: .now()) == .timedOut {
            usleep(1_000)
            let now = DispatchTime.now().uptimeNanoseconds
            longest = max(longest, Double(now - last) / 1e6)
            last = now
        }
        say("| 10,000-line result \(round + 1) | \(String(format: "%.1f ms", queueTime.value)) on the writer's queue | longest UI tick gap \(String(format: "%.1f ms", longest)) |")
    }
    let total = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    say("largest hand-over on the UI thread: \(String(format: "%.2f ms", handOver)); \(count) results in \(String(format: "%.1f s", total)); database \(mib(fileSize(path)))")
}

/// A box the writer's callback sets and this thread reads after the semaphore.
final class UnsafeSendableBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

largeResults()
if !arguments.contains("--skip-day") {
    say("| limits | results written | ps lines | total | per result | results kept | database at the end | largest database | largest with WAL | bound |")
    say("|---|---|---|---|---|---|---|---|---|---|")
    let results = Int(value("--results") ?? "") ?? HistoryLimits.defaultResultsPerSource
    let size = value("--size").flatMap(SpillSettings.parseSize) ?? HistoryLimits.defaultMaxBytes
    try day(limits: HistoryLimits(resultsPerSource: results, maxBytes: size), label: "--history \(results) --history-size \(value("--size") ?? "256M")")
    try day(limits: HistoryLimits(resultsPerSource: 100_000, maxBytes: 2 << 20), label: "--history 100000 --history-size 2M")
}
