import Foundation
import Testing
@testable import PullFeed

/// Placeholders expand to shell-quoted words of the row, its fields, the query and the marked
/// rows; braces that are not placeholders stay text; a bad field selection is an error.
@Suite struct RowTemplateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var template: String
        var row: String
        var expected: String
        var delimiter: String? = nil
        var query: String = ""
        var marked: [String] = []
        var testDescription: String { "\(template) on \(row.debugDescription)" }
    }

    static let cases: [Case] = [
        Case(template: "echo {}", row: "hello world", expected: "echo 'hello world'"),
        Case(template: "echo {}", row: "  padded\t", expected: "echo '  padded\t'"),
        Case(template: "rm {}", row: "notes.txt ", expected: "rm 'notes.txt '"),
        Case(template: "rm {}", row: "\u{1B}[32m notes.txt \u{1B}[0m", expected: "rm ' notes.txt '"),
        Case(template: "rm {+}", row: "c", expected: "rm 'a ' ' b'", marked: ["a ", " b"]),
        Case(template: "rm {+1}", row: "c", expected: "rm 'a' 'b'", marked: ["a ", " b"]),
        Case(template: "echo {}", row: "", expected: "echo ''"),
        Case(template: "echo {1}", row: "  pid  1234 ", expected: "echo 'pid'"),
        Case(template: "echo {2}", row: "a b c", expected: "echo 'b'"),
        Case(template: "echo {-1}", row: "a b c", expected: "echo 'c'"),
        Case(template: "echo {2..}", row: "a b   c", expected: "echo 'b   c'"),
        Case(template: "echo {..2}", row: "a b c", expected: "echo 'a b'"),
        Case(template: "echo {1,3}", row: "a b c", expected: "echo 'a c'"),
        Case(template: "echo {..}", row: " a b ", expected: "echo 'a b'"),
        Case(template: "echo {4}", row: "a b c", expected: "echo ''"),
        Case(template: "echo {2}", row: "", expected: "echo ''"),
        Case(template: "echo {2}", row: "a:b c:d", expected: "echo 'b c'", delimiter: ":"),
        Case(template: "echo {2..}", row: "a::b::c", expected: "echo 'b::c'", delimiter: "::"),
        Case(template: "echo {1,3}", row: "a,b,c", expected: "echo 'a,c'", delimiter: ","),
        Case(template: "echo {1}", row: "\u{1B}[31mred\u{1B}[0m rest", expected: "echo 'red'"),
        Case(template: "echo {}", row: "\u{1B}[1mbold\u{1B}[0m", expected: "echo 'bold'"),
        Case(template: "echo {}", row: "$(touch /tmp/pwned)", expected: "echo '$(touch /tmp/pwned)'"),
        Case(template: "echo {}", row: "`id`", expected: "echo '`id`'"),
        Case(template: "echo {}", row: "it's", expected: "echo 'it'\\''s'"),
        Case(template: "echo {}", row: "a\"b\\n", expected: "echo 'a\"b\\n'"),
        Case(template: "echo {}", row: "one\ntwo", expected: "echo 'one\ntwo'"),
        Case(template: "echo {}", row: "nul\0byte", expected: "echo 'nulbyte'"),
        Case(template: "echo {}", row: "日本 😀", expected: "echo '日本 😀'"),
        Case(template: "grep {q} {}", row: "file", expected: "grep 'it'\\''s' 'file'", query: "it's"),
        Case(template: "grep {q}", row: "file", expected: "grep ''"),
        Case(template: "rm {+}", row: "c", expected: "rm 'a b' 'c d'", marked: ["a b", "c d"]),
        Case(template: "rm {+}", row: "c", expected: "rm 'c'"),
        Case(template: "kill {+2}", row: "x 9", expected: "kill '1' '2'", marked: ["p 1", "q 2"]),
        Case(template: "awk '{print $1}' {}", row: "x", expected: "awk '{print $1}' 'x'"),
        Case(template: "echo { {} }", row: "x", expected: "echo { 'x' }"),
        Case(template: "echo {{}}", row: "x", expected: "echo {'x'}"),
        Case(template: "echo {", row: "x", expected: "echo {"),
        Case(template: "echo }{", row: "x", expected: "echo }{"),
        Case(template: "echo \\{} {}", row: "x", expected: "echo {} 'x'"),
        Case(template: "echo {s1} {+q} {Q}", row: "x", expected: "echo {s1} {+q} {Q}"),
        Case(template: "date", row: "x", expected: "date"),
        Case(template: "{}{1}", row: "a b", expected: "'a b''a'"),
    ]

    @Test(arguments: cases) func expands(_ c: Case) throws {
        let template = try RowTemplate(parsing: c.template, delimiter: c.delimiter)
        #expect(template.command(row: c.row, query: c.query, marked: c.marked) == c.expected)
    }

    @Test(arguments: [
        ("echo {0}", "{0}"), ("echo {3..1}", "{3..1}"), ("echo {1,,2}", "{1,,2}"),
        ("echo {-}", "{-}"), ("echo {+0}", "{+0}"), ("echo {1-2}", "{1-2}"),
    ])
    func aBadFieldSelectionIsAnErrorNamingIt(_ template: String, _ named: String) {
        #expect {
            _ = try RowTemplate(parsing: template)
        } throws: { error in
            (error as? RowTemplate.ParseError)?.description.contains(named) == true
        }
    }

    @Test func whatATemplateUses() throws {
        #expect(try RowTemplate(parsing: "date").hasPlaceholders == false)
        #expect(try RowTemplate(parsing: "awk '{print}'").hasPlaceholders == false)
        #expect(try RowTemplate(parsing: "echo {2}").hasPlaceholders)
        #expect(try RowTemplate(parsing: "echo {q}").usesQuery)
        #expect(try RowTemplate(parsing: "echo {}").usesQuery == false)
    }

    /// The shell runs the expansion of a hostile row as text: the file is not created.
    @Test func theShellNeverRunsARowsText() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pwned-\(UUID().uuidString)").path
        let rows = ["$(touch \(file))", "`touch \(file)`", "'; touch \(file); '", "x\n touch \(file)", "\\'$(touch \(file))"]
        for row in rows {
            let command = try RowTemplate(parsing: "printf '%s' {} {1} {-1} {..}").command(row: row, marked: [row])
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: output, as: UTF8.self).contains("touch"), "the text reached the command as text")
            #expect(!FileManager.default.fileExists(atPath: file), "\(row.debugDescription) ran")
        }
    }
}
