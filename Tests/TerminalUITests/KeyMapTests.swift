import Testing
@testable import TerminalUI

@Suite struct KeyMapTests {
    enum Action: Equatable { case up, down, refresh, quit, secret }

    let map = KeyMap<Action>([
        KeyBinding([.up, .character("k")], help: "↑↓ move", action: .up),
        KeyBinding([.down, .character("j")], action: .down),
        KeyBinding([.character("r"), .function(5)], help: "r refresh", action: .refresh),
        KeyBinding([.character("q"), .escape, .ctrl("c")], help: "q quit", action: .quit),
        KeyBinding([.character("k")], help: "shadowed", action: .secret),
    ])

    @Test func looksUpEveryKeyOfABinding() {
        #expect(map.action(for: .up) == .up)
        #expect(map.action(for: .character("k")) == .up)
        #expect(map.action(for: .character("j")) == .down)
        #expect(map.action(for: .function(5)) == .refresh)
        #expect(map.action(for: .ctrl("c")) == .quit)
        #expect(map.action(for: .escape) == .quit)
        #expect(map.action(for: .character("x")) == nil)
        #expect(map.action(for: .function(6)) == nil)
    }

    @Test func firstBindingWins() {
        #expect(map.action(for: .character("k")) == .up)
    }

    @Test func helpLineComesFromTheSameTable() {
        #expect(map.helpLine == "↑↓ move  r refresh  q quit  shadowed")
        #expect(KeyMap<Action>([]).helpLine == "")
        let quietFirst = KeyMap<Action>([
            KeyBinding([.down], action: .down),
            KeyBinding([.up], help: "↑ up", action: .up),
            KeyBinding([.escape], action: .quit),
            KeyBinding([.character("r")], help: "r refresh", action: .refresh),
        ])
        #expect(quietFirst.helpLine == "↑ up  r refresh")
    }

    @Test func keyDescriptions() {
        #expect(Key.ctrl("c").description == "Ctrl-C")
        #expect(Key.function(12).description == "F12")
        #expect(Key.character(" ").description == "Space")
        #expect(Key.pageDown.description == "PgDn")
        #expect(Key.character("中").description == "中")
    }
}
