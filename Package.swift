// swift-tools-version: 6.1
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// The app's linker settings: GNU ld with packed relative relocations (DT_RELR).
///
/// A position-independent Swift binary carries ~45,000 relative relocations: 1 MB in the
/// classic format, which the loader reads at every start (1 MB of resident memory), 8 KB
/// packed. gold, the toolchain's default linker, cannot pack them; GNU ld can since binutils
/// 2.38, and the C library loads them since glibc 2.36, which is checked here, on the machine
/// that builds (elsewhere the app links as before). Only the executable has these flags, so
/// packages that use the libraries, by path or by version, are not affected.
let packedRelocations: [LinkerSetting] = {
    #if canImport(Glibc)
    var text = [CChar](repeating: 0, count: 64)
    _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count)  // "glibc 2.36"
    let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let version = name.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    if version.count >= 2, (version[0], version[1]) >= (2, 36) {
        return [.unsafeFlags(["-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))]
    }
    #endif
    return []
}()

/// The release app's Swift runtime, linked into the binary, as `--static-swift-stdlib` does
/// for the installed one: `-static-stdlib` when linking, and when compiling `main.swift`, whose
/// imports then name the static libraries the runtime needs (Foundation's essentials, for one,
/// brings two of its own).
///
/// Loading the runtime as eleven shared libraries (the standard library, Foundation's
/// essentials, Dispatch, ...), each with its relocations to apply to pages of its own, was a
/// third of a release build's first frame on a 100,000-line file (~13 ms against ~9 ms).
/// Debug builds, which tests and `swift run` use, link as before, and so do packages that use
/// the libraries: only this executable has the flag.
let staticRuntimeInRelease: (swift: [SwiftSetting], linker: [LinkerSetting]) = (
    [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
    [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
)

let package = Package(
    name: "PullFeed",
    products: [
        .executable(name: "pullfeed", targets: ["pullfeed"]),
        .executable(name: "files-demo", targets: ["files-demo"]),
        .executable(name: "pullfeed-dashboard", targets: ["pullfeed-dashboard"]),
        .library(name: "Reactors", targets: ["Reactors"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "TerminalText", targets: ["TerminalText"]),
        .library(name: "SearchEngine", targets: ["SearchEngine"]),
        .library(name: "EventLoop", targets: ["EventLoop"]),
        .library(name: "CursesBackend", targets: ["CursesBackend"]),
        .library(name: "PullToRefresh", targets: ["PullToRefresh"]),
        .library(name: "PullFeed", targets: ["PullFeed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // YAML for --dashboard files, read only by the pullfeed-dashboard program.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation`: the DocC catalogs of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // No pkgConfig: Debian's ncursesw.pc adds -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, flags
        // SwiftPM refuses with a warning in every build, ours and our clients'. The module map
        // links ncursesw and tinfo, and shim.h defines what the wide-character API needs.
        .systemLibrary(
            name: "CNcurses",
            path: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // SQLite's C API, for the refresh history's database (not GRDB: it brings Foundation and
        // ICU into the app, which tripled the installed binary and raised its memory past the bar).
        .systemLibrary(
            name: "CSQLite",
            path: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib, which compresses the results the refresh history keeps.
        .systemLibrary(
            name: "CZlib",
            path: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The signal guard's async-signal-safe handlers and their one copy of state.
        .target(name: "CTerminalGuard"),
        // Byte loops for search and filter that the C compiler vectorises.
        .target(name: "CByteScan"),
        .target(
            name: "Reactors",
            dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]
        ),
        // A value behind a mutex, shared by reference, and a value carried across threads: what
        // the modules that share state between threads have in common (package API only).
        .target(name: "Locking"),
        // Text as a terminal shows it: widths, sanitising, the escape sequences data carries
        // (SGR styles, OSC 8 links) and the visible text; what the list draws and search matches.
        .target(name: "TerminalText"),
        // Search and filter over many lines: patterns (regular expressions, literal text, fuzzy
        // queries), row sets, the finder that walks a text snapshot on every core, ranking.
        .target(name: "SearchEngine", dependencies: ["TerminalText", "Locking", "CByteScan"]),
        // The pure core of the terminal UI: canvas, cells, list, input decoding, key map,
        // scheduler. It builds and tests without ncurses.
        .target(
            name: "TerminalUI",
            dependencies: [
                "TerminalText", "SearchEngine", "Locking",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]
        ),
        // The terminal backend, the only code that calls ncurses: terminal setup and restore,
        // the tty, frames out; it re-exports EventLoop.
        .target(
            name: "CursesBackend",
            dependencies: ["EventLoop", "TerminalUI", "TerminalText", "CNcurses", "CTerminalGuard"]
        ),
        // The app's one UI thread without ncurses: the poll loop, its timers and Combine
        // scheduler, the signals and the terminal's restore on every way out (a headless
        // program can run the loop).
        .target(
            name: "EventLoop",
            dependencies: [
                "TerminalUI", "TerminalText", "Locking", "CTerminalGuard",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]
        ),
        .target(
            name: "PullToRefresh",
            dependencies: [
                "TerminalUI", "TerminalText",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .target(
            name: "PullFeed",
            dependencies: [
                "Reactors", "TerminalUI", "TerminalText", "SearchEngine", "Locking", "EventLoop", "CursesBackend", "PullToRefresh",
                "DashboardFormat", "CSQLite", "CZlib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The app's main.swift: its folder's name differs from the PullFeed library's by more than case.
        .executableTarget(name: "pullfeed", dependencies: ["PullFeed"], path: "Sources/PullFeedExecutable",
                          swiftSettings: staticRuntimeInRelease.swift,
                          linkerSettings: packedRelocations + staticRuntimeInRelease.linker),
        // A dashboard file as read, and the records pullfeed-dashboard prints it as: no
        // Foundation, so pullfeed reads them without it.
        .target(name: "DashboardFormat"),
        // A dashboard's YAML read with Yams. Yams needs Foundation, and with it ICU (51 MB more
        // in the release binary, 6 MiB more resident), so pullfeed never links it: it runs
        // pullfeed-dashboard, which does, only for --dashboard.
        .target(
            name: "DashboardYAML",
            dependencies: ["DashboardFormat", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(name: "pullfeed-dashboard", dependencies: ["DashboardYAML", "DashboardFormat"]),
        .executableTarget(
            name: "pullfeed-bench",
            dependencies: [
                "PullFeed", "TerminalUI", "TerminalText", "SearchEngine", "CursesBackend", "Reactors", "PullToRefresh",
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ],
            path: "Benchmarks/PullFeedBenchmarks"
        ),
        // The refresh history's store under load (a day of `--every 1` on `ps`), on demand.
        .executableTarget(name: "history-bench", dependencies: ["PullFeed"], path: "Benchmarks/HistoryBenchmark"),
        // The example to copy: a refreshable, paged, sectioned list of the files under a folder.
        .executableTarget(
            name: "files-demo",
            dependencies: [
                "Reactors", "PullToRefresh", "TerminalUI", "CursesBackend",
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            path: "Examples/FilesDemo"
        ),
        .executableTarget(name: "terminalui-demo", dependencies: ["TerminalUI", "TerminalText", "CursesBackend"], path: "Examples/TerminalUIDemo"),
        .testTarget(
            name: "ReactorsTests",
            dependencies: ["Reactors", .product(name: "CombineSchedulers", package: "combine-schedulers")]
        ),
        // What more than one test target uses: the C library's widths, as terminals measure, and
        // the terminal model that checks what the screen writer's bytes do.
        .target(name: "TestSupport", dependencies: ["TerminalUI", "CTestProcess"], path: "Tests/TestSupport"),
        // Set up before any test runs: SIGPIPE ignored, so a pipe's reader that ends early fails
        // one test with EPIPE rather than killing the whole run.
        .target(name: "CTestProcess", path: "Tests/CTestProcess"),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "TerminalText", "SearchEngine", "Locking", "TestSupport", .product(name: "CombineSchedulers", package: "combine-schedulers")]
        ),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "TestSupport"]),
        // TerminalUI only for its seeded generator (SeededRandom), which the random inputs use.
        .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine", "TerminalUI"]),
        .testTarget(
            name: "EventLoopTests",
            dependencies: ["EventLoop", "TerminalUI", "TerminalText", .product(name: "CombineSchedulers", package: "combine-schedulers")]
        ),
        .testTarget(
            name: "PullToRefreshTests",
            dependencies: ["PullToRefresh", "TerminalUI", .product(name: "CombineSchedulers", package: "combine-schedulers")]
        ),
        .testTarget(
            name: "PullFeedTests",
            dependencies: ["PullFeed", "Reactors", "TerminalUI", "TerminalText", "SearchEngine", "Locking", "CursesBackend", "PullToRefresh",
                           "DashboardFormat", "DashboardYAML",
                           .product(name: "CombineSchedulers", package: "combine-schedulers")]
        ),
        .testTarget(
            name: "FilesDemoTests",
            dependencies: ["files-demo", "TerminalUI", "PullToRefresh",
                           .product(name: "CombineSchedulers", package: "combine-schedulers")]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ]
)
