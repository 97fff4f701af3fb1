#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from the C library's `environ` as
/// `ProcessInfo.processInfo.environment` gives them (an entry without `=` is left out; of a name
/// given twice, the last value), without setting up `ProcessInfo`, which the app needs for
/// nothing else before its first frame (0.2 ms of it).
enum ProcessEnvironment {
    /// The variables as they are now.
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            entry += 1
            let text = String(cString: pointer)
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            variables[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
        }
        return variables
    }
}
