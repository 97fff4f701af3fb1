import CombineSchedulers
import Dispatch
import Testing
@testable import files_demo
import TerminalUI

// "Getting started", step 6, verbatim, with its imports (this file needs no others).

@Test func aPullReadsTheFolderAgain() {
    let time = DispatchQueue.test
    let reactor = FilesReactor(scheduler: time.eraseToLoopScheduler(), readScheduler: time.eraseToLoopScheduler()) { _, _ in
        ["README.md", "Sources/main.swift"]
    }
    let screen = FilesScreen(reactor: reactor, scheduler: time.eraseToLoopScheduler())
    let canvas = MemoryScreen(columns: 40, rows: 12)
    reactor.action.send(.refresh)
    time.advance(by: .seconds(1))
    screen.render(on: canvas)
    #expect(canvas.lines[1] == " ./")
    #expect(canvas.lines[2] == "›  README.md")

    screen.handle(.key(.up))
    screen.handle(.key(.up))
    screen.render(on: canvas)
    #expect(canvas.lines[1].hasSuffix("Release to refresh"))
    time.advance(by: .milliseconds(550))  // released: parked until the request goes out
    screen.render(on: canvas)
    #expect(canvas.lines[1].hasSuffix("Loading..."))
    time.advance(by: .seconds(1))
    screen.render(on: canvas)
    #expect(canvas.lines[1] == " ./")
}
