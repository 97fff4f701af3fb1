import ArgumentParser
import PullToRefresh

/// `--footer auto|back`: MJRefresh's auto footer (loads when it comes into view) or its back
/// footer (pull past the bottom and release).
extension RefreshFooterKind: ExpressibleByArgument {}
