import ArgumentParser

/// Which footer the list uses: MJRefresh's auto footer (loads when it comes into view)
/// or its back footer (pull past the bottom and release).
package enum FooterStyle: String, CaseIterable, Sendable, ExpressibleByArgument {
    case auto
    case back
}
