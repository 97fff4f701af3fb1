// files-demo [FOLDER]: the files under a folder (default: the current one), sectioned by
// folder. Pull down at the top (Up again) to read the folder again, scroll down to load 50
// more, Enter prints the path, q quits.
import CursesBackend
import Foundation
import TerminalUI

let root = CommandLine.arguments.dropFirst().first ?? "."
let terminal: CursesTerminal
do {
    terminal = try CursesTerminal.open()
} catch {
    FileHandle.standardError.write(Data("files-demo: \(error)\n".utf8))
    exit(1)
}
let loop = MainLoop()
let reactor = FilesReactor(scheduler: loop.scheduler) { after, limit in FilesReactor.files(under: root, after: after, limit: limit) }
let screen = FilesScreen(reactor: reactor, scheduler: loop.scheduler)
var chosen: String?
screen.onChange = { loop.setNeedsRender() }
screen.onQuit = { loop.stop(exitCode: 0) }
screen.onChoose = { chosen = $0; loop.stop(exitCode: 0) }
reactor.action.send(.refresh)
let code = loop.run(terminal: terminal, handle: screen.handle, render: screen.render)
terminal.restore()
if let chosen { print(chosen) }
exit(code)
