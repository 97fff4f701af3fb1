/// Carries a value across a `@Sendable` boundary when it is only used in a thread-safe way (a
/// `Future`'s promise, which is locked; a closure the threads of one `concurrentPerform` call
/// share and that outlives none of them).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
