// How long starting `/bin/sh -c true` takes, from a Dispatch worker that must block until the
// command has started (as the app's line sources do): through swift-subprocess's async `run`,
// and through posix_spawn. Each is measured with the Swift concurrency pool idle (the app) and
// with every pool thread blocked by synchronous callers (Swift Testing runs synchronous tests
// on the pool; a library client's synchronous code can do the same).
import Dispatch
import Glibc
import Subprocess

/// Runs swift-subprocess's async work on Dispatch threads rather than on the pool.
final class DispatchTaskExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = DispatchTaskExecutor()
    private let queue = DispatchQueue(label: "bench.spawn", attributes: .concurrent)
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// A value handed from one thread to another, guarded by the semaphores around it.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// A value set once by another thread, waited for with a deadline.
final class Slot: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait(seconds: Double) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Milliseconds until the command has started, or nil when it had not within `cap` seconds.
func startWithSubprocess(cap: Double) -> Double? {
    let started = Slot()
    let t0 = nanoseconds()
    var options = PlatformOptions()
    options.processGroupID = 0
    let startedAt = Box<UInt64>(0)
    Task(executorPreference: DispatchTaskExecutor.shared) { [options] in
        _ = try? await Subprocess.run(
            .path("/bin/sh"), arguments: ["-c", "true"], platformOptions: options,
            input: .none, output: .discarded, error: .discarded
        ) { _ in
            startedAt.value = nanoseconds()
            started.signal()
        }
    }
    guard started.wait(seconds: cap) else { return nil }
    return Double(startedAt.value - t0) / 1e6
}

/// Milliseconds until posix_spawn has started the command (it is reaped afterwards).
func startWithPosixSpawn() -> Double {
    let t0 = nanoseconds()
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("true"), nil]
    posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
    let elapsed = Double(nanoseconds() - t0) / 1e6
    posix_spawnattr_destroy(&attributes)
    argv.forEach { free($0) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return elapsed
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(String(hundredths % 100).count == 1 ? "0" : "")\(hundredths % 100)"
}

/// Runs `body` `count` times on a Dispatch worker (as a line source's request runs).
func onWorker<T: Sendable>(_ count: Int, _ body: @escaping @Sendable () -> T) -> [T] {
    let results = Box<[T]>([])
    let done = DispatchSemaphore(value: 0)
    DispatchQueue(label: "bench.worker").async {
        for _ in 0..<count { results.value.append(body()) }
        done.signal()
    }
    done.wait()
    return results.value
}

let runs = 30
let cap = 3.0

func report(_ label: String) {
    let spawn = onWorker(runs) { startWithPosixSpawn() }
    let subprocess = onWorker(runs) { startWithSubprocess(cap: cap) }
    let started = subprocess.compactMap { $0 }
    print("\(label): posix_spawn median \(format(median(spawn))) ms;",
          "swift-subprocess median \(format(median(started))) ms, max \(format(started.max() ?? .nan)) ms,",
          "\(runs - started.count) of \(runs) not started within \(Int(cap)) s")
}

report("pool idle")

// Synchronous callers on the pool itself, each waiting for its own command to start (a
// synchronous test, or a client's synchronous code called from async code).
func callersOnPool(_ callers: Int, _ start: @escaping @Sendable () -> Double?) -> (median: Double, max: Double, notStarted: Int) {
    let results = Box<[Double?]>([])
    let lock = DispatchSemaphore(value: 1)
    let done = DispatchSemaphore(value: 0)
    for _ in 0..<callers {
        Task.detached {
            let value = start()
            lock.wait(); results.value.append(value); lock.signal()
            done.signal()
        }
    }
    for _ in 0..<callers { done.wait() }
    let started = results.value.compactMap { $0 }
    return (median(started), started.max() ?? .nan, callers - started.count)
}

for callers in [1, 2, 4, 8] {
    var spawnMedians: [Double] = []
    var subprocessMedians: [Double] = []
    var notStarted = 0
    var slowest = 0.0
    for _ in 0..<5 {
        spawnMedians.append(callersOnPool(callers) { startWithPosixSpawn() }.median)
        let run = callersOnPool(callers) { startWithSubprocess(cap: cap) }
        subprocessMedians.append(run.median)
        notStarted += run.notStarted
        slowest = max(slowest, run.max)
    }
    print("\(callers) callers on the pool: posix_spawn median \(format(median(spawnMedians))) ms;",
          "swift-subprocess median \(format(median(subprocessMedians))) ms, max \(format(slowest)) ms, \(notStarted) of \(callers * 5) not started within \(Int(cap)) s")
}
