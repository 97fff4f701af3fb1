#if canImport(Glibc)
import Glibc
#endif

/// A POSIX extended regular expression compiled by the C library (`regcomp`), matched over
/// UTF-8 bytes in place (`regexec` with `REG_STARTEND`: no copy, no terminating NUL needed).
///
/// Compiled with `REG_NEWLINE`, so a buffer of many lines can be searched in one call: `^` and
/// `$` match at every line's start and end, and `.` never crosses a line. Both calls run under
/// a UTF-8 locale of their own (`uselocale`), whatever the process's locale, so `.` is one
/// character and case folding (`REG_ICASE`) covers non-ASCII letters (`é` finds `É`).
/// `regexec` only reads the compiled expression, so one value serves every thread.
///
/// Ignoring case, the library upper-cases the whole text it is given at every call (through
/// `towupper`), which made a filter over a million lines take seconds. So an expression with
/// no letter outside ASCII that has a case is compiled to match case exactly, and the text is
/// searched with its ASCII letters lower-cased (`withSearchable`): the same matches, since
/// such an expression's own letters are lower case. Others keep `REG_ICASE`.
final class RegularExpression: @unchecked Sendable {
    private let compiled: UnsafeMutablePointer<regex_t>
    /// Whether text must go through `withSearchable` (ASCII letters lower-cased) first.
    private let foldsASCII: Bool

    /// Compiles `pattern`; throws the library's own words for an invalid one.
    init(_ pattern: String, ignoresCase: Bool) throws(PatternError) {
        let foldsASCII = ignoresCase
            && !pattern.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenCaseMapped }
        var flags = REG_EXTENDED | REG_NEWLINE
        if ignoresCase, !foldsASCII { flags |= REG_ICASE }
        let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
        let status = Self.withUTF8Locale { regcomp(compiled, pattern, flags) }
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, compiled, &message, message.count)
            compiled.deallocate()
            throw PatternError(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.compiled = compiled
        self.foldsASCII = foldsASCII
    }

    /// Calls `body` with `bytes` as `firstMatch` must be given them: a copy with its ASCII
    /// letters lower-cased when the expression ignores case that way, else `bytes` itself.
    /// Positions in the copy are positions in `bytes`.
    func withSearchable<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard foldsASCII, !bytes.isEmpty else { return body(bytes) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { copy in
            for i in 0..<bytes.count {
                let byte = bytes[i]
                copy[i] = byte &- 65 < 26 ? byte | 0x20 : byte
            }
            return body(UnsafeBufferPointer(copy))
        }
    }

    deinit {
        regfree(compiled)
        compiled.deallocate()
    }

    /// The first match in `bytes[from...]` (a match may be empty); nil if there is none.
    /// `bytes` comes from `withSearchable`.
    /// `^` matches at `from` only if it is `atLineStart` (and after every `\n`).
    func firstMatch(in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0, atLineStart: Bool = true) -> Range<Int>? {
        guard from <= bytes.count else { return nil }
        var match = regmatch_t(rm_so: regoff_t(from), rm_eo: regoff_t(bytes.count))
        let status = withUnsafePointer(to: Self.empty) { empty -> Int32 in
            let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(empty)).assumingMemoryBound(to: CChar.self)
            return Self.withUTF8Locale { regexec(compiled, base, 1, &match, REG_STARTEND | (atLineStart ? 0 : REG_NOTBOL)) }
        }
        guard status == 0 else { return nil }
        return Int(match.rm_so)..<Int(match.rm_eo)
    }

    private static let empty: UInt8 = 0

    /// A UTF-8 character type for this thread while `body` runs: "C.UTF-8", else any UTF-8
    /// locale the system has; the process's own locale when there is none.
    private static func withUTF8Locale<T>(_ body: () -> T) -> T {
        guard let locale = utf8Locale.value else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }

    private static let utf8Locale = LocaleHandle()

    /// The locale made once for every expression (never freed: it lives as long as the process).
    private final class LocaleHandle: @unchecked Sendable {
        let value: locale_t?
        init() {
            let mask = Int32(1) << LC_CTYPE
            var found: locale_t?
            for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where found == nil {
                found = name.withCString { newlocale(mask, $0, nil) }
            }
            value = found
        }
    }
}
