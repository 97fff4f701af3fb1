@testable import SearchEngine
import Testing

/// `--section-by`'s expressions: the shorthands other tools have, made POSIX; what a line's
/// first group (or whole match) names; the expressions that cannot name anything.
@Suite struct CapturePatternTests {
    @Test(arguments: [
        (#"Item 0000(\d)"#, "Item 0000([0-9])"),
        (#"\D+"#, "[^0-9]+"),
        (#"[\d]"#, #"[\d]"#),
        (#"^\S+ (\S+?)\["#, #"^\S+ (\S+)\["#),
        ("a*?b??c{1,2}?", "a*b?c{1,2}"),
        ("a?", "a?"),
        (#"\."#, #"\."#),
    ])
    func posixShorthands(_ typed: String, _ posix: String) {
        #expect(RegexSyntax.posix(typed) == posix)
    }

    @Test func namesTheFirstGroupOrTheWholeMatch() throws {
        let service = try CapturePattern(#"^\S+ \S+ \S+ (\S+?)\["#)
        #expect(service.name(inLine: "Nov 26 12:00:01 nginx[123]: GET /") == "nginx")
        #expect(service.name(inLine: "Nov 26 12:00:01 sshd[9]: a[b] c") == "sshd")
        #expect(service.name(inLine: "-- Boot 1234 --") == nil)
        let digit = try CapturePattern(#"Item 0000(\d)"#)
        #expect(digit.name(inLine: "Item 00003 x") == "3")
        let whole = try CapturePattern("[0-9]{4}-[0-9]{2}-[0-9]{2}")
        #expect(whole.name(inLine: "abc 2025-11-26 commit") == "2025-11-26")
        let optionalGroup = try CapturePattern("x(y)?")
        #expect(optionalGroup.name(inLine: "ax") == "x", "a group that took no part: the whole match")
    }

    @Test func namesWhatTheLineShows() throws {
        let level = try CapturePattern("^(INFO|WARN|ERROR)")
        #expect(level.name(inLine: "\u{1B}[31mERROR\u{1B}[0m disk") == "ERROR", "SGR sequences do not count")
        let tab = try CapturePattern(#"^([a-z]+\s+[a-z]+)"#)
        let name = try #require(tab.name(inLine: "ab\tcd"))
        #expect(name.hasPrefix("ab ") && name.hasSuffix(" cd") && !name.contains("\t"), "a tab in a name shows as spaces")
    }

    @Test func rejectsWhatCannotNameAnything() {
        #expect(throws: PatternError.self) { try CapturePattern("") }
        #expect(throws: PatternError.self) { try CapturePattern("(unclosed") }
        #expect(throws: PatternError.self) { try CapturePattern("x*") }
        #expect(throws: PatternError.self) { try CapturePattern("^") }
        #expect(throws: PatternError.self) { try CapturePattern(#"(a)\1"#) }
        #expect((try? CapturePattern("x+")) != nil)
    }
}
