import Locking
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
/// glibc's `regexec` locks the compiled expression for each call, so threads sharing one
/// wait for each other: each search takes a compiled copy of its own from a pool
/// (`withSearchable`), compiled once per thread that needs one and kept for the next.
///
/// Ignoring case, the library upper-cases the whole text it is given at every call (through
/// `towupper`), which made a filter over a million lines take seconds. So an expression with
/// no letter outside ASCII that has a case is compiled to match case exactly, and the text is
/// searched with its ASCII letters lower-cased (`withSearchable`): the same matches, since
/// such an expression's own letters are lower case. Others keep `REG_ICASE`.
final class RegularExpression: Sendable {
    private let pattern: String
    private let flags: Int32
    /// Compiled copies not in use.
    private let pool: Locked<[UnsafeMutablePointer<regex_t>]>
    /// Whether text must be searched with its ASCII letters lower-cased.
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
        self.pattern = pattern
        self.flags = flags
        pool = Locked([compiled])
        self.foldsASCII = foldsASCII
    }

    deinit {
        pool.withLock { compiled in
            for expression in compiled {
                regfree(expression)
                expression.deallocate()
            }
        }
    }

    /// Text ready to be searched, with a compiled copy of the expression to itself.
    struct Searchable {
        /// The text as searched (its ASCII letters lower-cased when the expression needs it):
        /// positions in it are positions in the text given.
        let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let compiled: UnsafeMutablePointer<regex_t>

        /// The first match in `bytes[range]` (all of `bytes` by default); a match may be
        /// empty; nil if there is none. `^` matches at the range's start only if it is
        /// `atLineStart` (and after every `\n`).
        func firstMatch(in range: Range<Int>? = nil, atLineStart: Bool = true) -> Range<Int>? {
            let range = range ?? 0..<bytes.count
            guard range.lowerBound <= bytes.count else { return nil }
            var match = regmatch_t(rm_so: regoff_t(range.lowerBound), rm_eo: regoff_t(range.upperBound))
            let status = withUnsafePointer(to: RegularExpression.empty) { empty -> Int32 in
                let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(empty)).assumingMemoryBound(to: CChar.self)
                return RegularExpression.withUTF8Locale {
                    regexec(compiled, base, 1, &match, REG_STARTEND | (atLineStart ? 0 : REG_NOTBOL))
                }
            }
            guard status == 0 else { return nil }
            return Int(match.rm_so)..<Int(match.rm_eo)
        }

        /// The first match in all of `bytes` and where its first group matched (nil when the
        /// expression has no group or the group took no part in the match); nil if there is none.
        func firstMatchWithGroup() -> (match: Range<Int>, group: Range<Int>?)? {
            var matches = [regmatch_t](repeating: regmatch_t(rm_so: 0, rm_eo: regoff_t(bytes.count)), count: 2)
            let status = withUnsafePointer(to: RegularExpression.empty) { empty -> Int32 in
                let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(empty)).assumingMemoryBound(to: CChar.self)
                return RegularExpression.withUTF8Locale {
                    regexec(compiled, base, compiled.pointee.re_nsub > 0 ? 2 : 1, &matches, REG_STARTEND)
                }
            }
            guard status == 0 else { return nil }
            let match = Int(matches[0].rm_so)..<Int(matches[0].rm_eo)
            guard compiled.pointee.re_nsub > 0, matches[1].rm_so >= 0, matches[1].rm_eo >= matches[1].rm_so else { return (match, nil) }
            return (match, Int(matches[1].rm_so)..<Int(matches[1].rm_eo))
        }
    }

    /// Calls `body` with `bytes` ready to be searched: a copy with its ASCII letters
    /// lower-cased when the expression ignores case that way, else `bytes` itself, and a
    /// compiled copy of the expression that no other thread uses meanwhile.
    func withSearchable<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Searchable) -> T) -> T {
        let compiled = pool.withLock { $0.popLast() } ?? compileCopy()
        defer { pool.withLock { $0.append(compiled) } }
        guard foldsASCII, !bytes.isEmpty else { return body(Searchable(bytes: bytes, compiled: compiled)) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { copy in
            for i in 0..<bytes.count {
                let byte = bytes[i]
                copy[i] = byte &- 65 < 26 ? byte | 0x20 : byte
            }
            return body(Searchable(bytes: UnsafeBufferPointer(copy), compiled: compiled))
        }
    }

    /// Another compiled copy (the pattern compiled once already, so it compiles again).
    private func compileCopy() -> UnsafeMutablePointer<regex_t> {
        let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
        _ = Self.withUTF8Locale { regcomp(compiled, pattern, flags) }
        return compiled
    }

    fileprivate static let empty: UInt8 = 0

    /// A UTF-8 character type for this thread while `body` runs: "C.UTF-8", else any UTF-8
    /// locale the system has; the process's own locale when there is none.
    fileprivate static func withUTF8Locale<T>(_ body: () -> T) -> T {
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
