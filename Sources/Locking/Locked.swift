#if canImport(Glibc)
import Glibc
#endif

/// A value guarded by a mutex, shared by reference: for state that closures which outlive
/// their owner capture (a relay scheduling work, a command's timeout), or that holds values
/// which are not `Sendable` (the main loop's timer actions). Where one object owns the lock
/// and its value is `Sendable`, the standard `Mutex` (Synchronization) is used instead.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
