import Glibc

/// The C library's `wcwidth` in a UTF-8 locale (set for the calling thread only, so tests
/// running beside it keep theirs): the widths tmux, xterm and `less` give scalars.
public enum LibcWidth {
    private typealias Function = @convention(c) (Int32) -> Int32

    private static let function: Function? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth")
        .map { unsafeBitCast($0, to: Function.self) }

    /// `wcwidth(scalar)` under C.UTF-8; nil if there is no such locale or function.
    public static func of(_ scalar: UInt32) -> Int? {
        guard let function, let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return nil }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return Int(function(Int32(bitPattern: scalar)))
    }

    /// The sum of `wcwidth` over `text`'s scalars: the columns a terminal advances for it.
    public static func sum(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let width = of(scalar.value), width >= 0 else { return nil }
            total += width
        }
        return total
    }
}
