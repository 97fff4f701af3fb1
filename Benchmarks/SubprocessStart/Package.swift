// swift-tools-version: 6.1
// A benchmark kept apart from the app's package (it links swift-subprocess, which the app
// does not): how long a `--command` takes to start through swift-subprocess, against the
// app's posix_spawn runner, with the Swift concurrency pool idle and with it busy.
// Run: swift run -c release --package-path Benchmarks/SubprocessStart
import PackageDescription

let package = Package(
    name: "SubprocessStart",
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "subprocess-start",
            dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]
        ),
    ]
)
