// A day of `--every 1` on `ps`, written through the refresh history's own store (run on demand):
//
//     swift run -c release history-bench [--results N] [--size SIZE] [--seconds S]
//
// 86,400 results (S, default a day), one a second, mostly repeats: `ps -eo pid,user,comm` read
// once, and every 30th second a process starts or ends. Each result goes through HistoryStore's
// record, as the app's recorder does, into a fresh database under $TMPDIR with the limits given
// (default --history 100, --history-size 256M), then a second run with a 2M bound and 100,000
// results a source shows the size bound holding. Prints time per result and the database's size
// (largest seen, and at the end), which must stay within the bound.

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

func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

func run(limits: HistoryLimits, label: String) throws {
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
        try store.record(HistoryContent(lines: lines), for: key, at: epoch.addingTimeInterval(Double(second)))
        if second % 100 == 0 || second == seconds - 1 {
            largest = max(largest, fileSize(path))
            largestWithWAL = max(largestWithWAL, fileSize(path) + fileSize(path + "-wal"))
        }
    }
    let elapsed = Date().timeIntervalSince(start)
    let kept = try store.results(for: key).count
    let mib = { (bytes: Int) in String(format: "%.2f MiB", Double(bytes) / 1_048_576) }
    print("| \(label) | \(seconds) | \(lines.count) | \(String(format: "%.1f s", elapsed)) | \(String(format: "%.0f µs", elapsed / Double(seconds) * 1e6)) "
          + "| \(kept) | \(mib(fileSize(path))) | \(mib(largest)) | \(mib(largestWithWAL)) | \(mib(limits.maxBytes)) |")
    precondition(largest <= limits.maxBytes, "the database grew past its bound")
}

print("| limits | results written | ps lines | total | per result | results kept | database at the end | largest database | largest with WAL | bound |")
print("|---|---|---|---|---|---|---|---|---|---|")
let results = Int(value("--results") ?? "") ?? HistoryLimits.defaultResultsPerSource
let size = value("--size").flatMap(SpillSettings.parseSize) ?? HistoryLimits.defaultMaxBytes
try run(limits: HistoryLimits(resultsPerSource: results, maxBytes: size), label: "--history \(results) --history-size \(value("--size") ?? "256M")")
try run(limits: HistoryLimits(resultsPerSource: 100_000, maxBytes: 2 << 20), label: "--history 100000 --history-size 2M")
