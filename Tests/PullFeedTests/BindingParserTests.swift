import Testing
@testable import PullFeed
import TerminalUI

/// `--bind` as fzf writes it: key names, chains of actions, commands in balanced parentheses,
/// and errors that name the part that is wrong.
@Suite struct BindingParserTests {
    static let names: [(String, Key)] = [
        ("ctrl-a", .ctrl("a")), ("ctrl-k", .ctrl("k")), ("CTRL-K", .ctrl("k")), ("ctrl-i", .tab), ("ctrl-m", .enter),
        ("ctrl-j", .enter), ("ctrl-h", .backspace), ("alt-a", .alt(.character("a"))), ("alt-K", .alt(.character("K"))),
        ("alt-enter", .alt(.enter)), ("alt-up", .alt(.up)), ("f1", .function(1)), ("F12", .function(12)),
        ("enter", .enter), ("return", .enter), ("space", .character(" ")), ("tab", .tab), ("btab", .backTab),
        ("shift-tab", .backTab), ("del", .delete), ("bspace", .backspace), ("esc", .escape), ("up", .up), ("down", .down),
        ("left", .left), ("right", .right), ("home", .home), ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown),
        ("insert", .insert), ("x", .character("x")), ("K", .character("K")), ("?", .character("?")),
        (":", .character(":")), ("中", .character("中")), (" ", .character(" ")),
    ]

    @Test(arguments: names)
    func keyNames(name: String, key: Key) {
        #expect(KeyName.key(named: name) == key)
    }

    @Test(arguments: ["", "ctrl-", "ctrl-kk", "ctrl-1", "ctrl-c", "ctrl-z", "alt-", "alt-alt-a", "f0", "f13", "f01",
                      "enterr", "\t", "\u{7}", "page up"])
    func notKeyNames(name: String) {
        #expect(KeyName.key(named: name) == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var value: String
        var bindings: [(String, [BoundAction])]
        var testDescription: String { value }
    }

    static let cases: [Case] = [
        Case(value: "f2:refresh", bindings: [("f2", [.refresh])]),
        Case(value: "ctrl-d:execute(kill {2}),f2:refresh", bindings: [("ctrl-d", [.execute("kill {2}")]), ("f2", [.refresh])]),
        Case(value: "ctrl-k:execute-silent(kubectl delete pod {1})+refresh",
             bindings: [("ctrl-k", [.executeSilent("kubectl delete pod {1}"), .refresh])]),
        Case(value: "x:execute(echo a, b)+up+down", bindings: [("x", [.execute("echo a, b"), .up, .down])]),
        Case(value: "x:execute(echo $(date) (now)),y:top", bindings: [("x", [.execute("echo $(date) (now)")]), ("y", [.top])]),
        Case(value: "x:execute(echo ')' \"(\" \\))", bindings: [("x", [.execute("echo ')' \"(\" \\)")])]),
        Case(value: "x:execute:echo a,b+c", bindings: [("x", [.execute("echo a,b+c")])]),
        Case(value: "enter:accept,tab:toggle+down,btab:toggle+up,ctrl-p:toggle-preview",
             bindings: [("enter", [.accept]), ("tab", [.toggle, .down]), ("btab", [.toggle, .up]), ("ctrl-p", [.togglePreview])]),
        Case(value: "::bottom,,:top,+:up", bindings: [(":", [.bottom]), (",", [.top]), ("+", [.up])]),
        Case(value: "g:top,g:bottom", bindings: [("g", [.bottom])]),
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let list = try BindingList(parsing: [c.value])
        #expect(list.bindings.map(\.keyName) == c.bindings.map(\.0))
        #expect(list.bindings.map(\.actions) == c.bindings.map(\.1))
    }

    @Test func repeatedOptionsAddUpAndTheLastBindingOfAKeyWins() throws {
        let list = try BindingList(parsing: ["f2:refresh", "f3:up", "f2:down"])
        #expect(list.actions(for: .function(2)) == [.down])
        #expect(list.actions(for: .function(3)) == [.up])
        #expect(list.actions(for: .function(4)) == nil)
    }

    /// A bound command is parsed once, with the fields split on `--delimiter`, and filled in
    /// from the row when the key is pressed.
    @Test func commandsAreParsedOnceWithTheDelimiter() throws {
        let list = try BindingList(parsing: ["f2:execute-silent(kill {2})+refresh"], delimiter: ":")
        #expect(list.templates.count == 1)
        let context = BoundCommandContext(line: "web:4242:up")
        #expect(context.expand("kill {2}", templates: list.templates) == "kill '4242'")
        let blanks = try BindingList(parsing: ["f2:execute-silent(kill {2})"])
        #expect(context.expand("kill {2}", templates: blanks.templates) == "kill ''")
        #expect(context.expand("not bound {2}", templates: list.templates) == "not bound {2}")
    }

    static let errors: [(String, String)] = [
        ("", "is empty: write KEY:ACTION, e.g. f2:refresh"),
        ("  ", "is empty: write KEY:ACTION, e.g. f2:refresh"),
        ("f2", "'f2' has no action: write KEY:ACTION, e.g. f2:refresh"),
        ("ctrl-kk:up", "unknown key 'ctrl-kk' in 'ctrl-kk:up'"),
        ("ctrl-c:up", "cannot bind 'ctrl-c': it always quits pullfeed (exit status 130), in 'ctrl-c:up'"),
        ("f2:up,Ctrl-C:refresh", "cannot bind 'Ctrl-C': it always quits pullfeed (exit status 130), in 'Ctrl-C:refresh'"),
        ("ctrl-z:up", "cannot bind 'ctrl-z': it suspends pullfeed, as in any terminal program, in 'ctrl-z:up'"),
        ("ctrl-cc:up", "unknown key 'ctrl-cc' in 'ctrl-cc:up'"),
        ("f2:frob", "unknown action 'frob' in 'f2:frob'"),
        ("f2:up,f3:frob(x)", "unknown action 'frob' in 'f3:frob(x)'"),
        ("f2:", "empty action in 'f2:'"),
        ("f2:up+", "empty action in 'f2:up+'"),
        ("f2:up,", "ends with a comma: 'f2:up,'"),
        ("f2:execute(kill {2}", "unbalanced parentheses in 'f2:execute(kill {2}': execute( is not closed"),
        ("f2:execute(echo (a)", "unbalanced parentheses in 'f2:execute(echo (a)': execute( is not closed"),
        ("f2:execute(echo ')", "unclosed ' quote in the command of execute in 'f2:execute(echo ')'"),
        ("f2:execute()", "execute has no command in 'f2:execute()'"),
        ("f2:execute", "execute needs a command in 'f2:execute': write execute(CMD)"),
        ("f2:execute-silent:", "execute-silent has no command in 'f2:execute-silent:'"),
        ("f2:refresh(now)", "refresh takes no command, in 'f2:refresh(now)'"),
        ("f2:execute(ls)x", "unexpected 'x' after execute in 'f2:execute(ls)x'"),
    ]

    @Test(arguments: errors)
    func errorsNameTheWrongPart(value: String, message: String) {
        #expect(throws: BindingParser.Failure(message)) { try BindingParser.parse(value) }
    }
}

/// Marks belong to items: they move with their keys when the lines are replaced.
@Suite struct MarksTests {
    func marks(_ pairs: [(Int, UInt64)]) -> Marks {
        var marks = Marks()
        for (index, key) in pairs { marks.toggle(index, key: key) }
        return marks
    }

    @Test func toggleAddsAndRemoves() {
        var m = marks([(3, 30), (1, 10)])
        #expect(m.indices == [1, 3])
        m.toggle(3, key: 30)
        #expect(m.indices == [1])
        #expect(m.contains(1) && !m.contains(3))
    }

    /// Old marks, the new keys, the marked indices after.
    static let relocations: [([(Int, UInt64)], [UInt64], [Int])] = [
        ([(0, 10), (2, 30)], [10, 20, 30], [0, 2]),
        ([(0, 10), (2, 30)], [99, 30, 10], [1, 2]),
        ([(0, 10), (2, 30)], [20, 10], [1]),
        ([(1, 7), (2, 7)], [7, 5, 7, 7], [0, 2]),
        ([(1, 7)], [7, 5, 5, 7], [0]),
        ([(0, 1)], [], []),
    ]

    @Test(arguments: relocations)
    func relocated(old: [(Int, UInt64)], keys: [UInt64], expected: [Int]) {
        #expect(marks(old).relocated(count: keys.count) { keys[$0] }.indices == expected)
    }

    @Test func relocationLooksOnlyAsFarAsAllowed() {
        let keys: [UInt64] = [5, 0, 0, 0, 0, 0]
        #expect(marks([(5, 5)]).relocated(count: keys.count, maxDistance: 2) { keys[$0] }.isEmpty)
        #expect(marks([(5, 5)]).relocated(count: keys.count, maxDistance: 5) { keys[$0] }.indices == [0])
    }

    @Test func droppingLinesFromTheFront() {
        #expect(marks([(0, 1), (2, 3), (5, 6)]).dropping(first: 2).indices == [0, 3])
    }
}
