#if canImport(Glibc)
import Glibc
#endif

/// The C library's character type, set from the environment as a terminal program must before
/// it measures or writes text.
///
/// Containers and minimal servers often say `LANG=en_US.UTF-8` (or `zh_CN.UTF-8`) without that
/// locale generated: `setlocale` then fails, and a program that goes on in the "C" locale
/// measures every non-ASCII character as unprintable. When the environment asks for UTF-8,
/// this falls back to `C.UTF-8` (then `C.utf8`), which glibc always has, so widths and output
/// stay UTF-8. The language of the app's texts is a separate choice (`LC_MESSAGES`, `LANG`).
public enum TerminalLocale {
    /// Whether the environment names a UTF-8 codeset: the first non-empty of `LC_ALL`,
    /// `LC_CTYPE`, `LANG` contains `UTF-8` or `utf8` in any case.
    public static func asksForUTF8(environment: [String: String]) -> Bool {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[key], !value.isEmpty { return namesUTF8(value) }
        }
        return false
    }

    /// Sets `LC_CTYPE` from the environment (falling back to `C.UTF-8` when the environment asks
    /// for UTF-8 and its locale is missing) and returns whether the codeset in force is UTF-8.
    @discardableResult
    public static func configure(environment: [String: String]) -> Bool {
        if setlocale(LC_CTYPE, "") == nil, asksForUTF8(environment: environment) {
            _ = setlocale(LC_CTYPE, "C.UTF-8") ?? setlocale(LC_CTYPE, "C.utf8")
        }
        return codesetIsUTF8
    }

    /// Whether the character type in force is UTF-8.
    public static var codesetIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return namesUTF8(String(cString: codeset))
    }

    /// Whether `value` contains "utf-8" or "utf8" in any case. A byte loop: `String.contains`
    /// goes through the string-processing searcher, whose first use costs ~0.27 M instructions
    /// of type metadata at start-up.
    static func namesUTF8(_ value: String) -> Bool {
        let bytes = value.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return contains(bytes, Array("utf-8".utf8)) || contains(bytes, Array("utf8".utf8))
    }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) {
            var offset = 0
            while offset < word.count, bytes[start + offset] == word[offset] { offset += 1 }
            if offset == word.count { return true }
        }
        return false
    }
}
