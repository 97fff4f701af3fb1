import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import TerminalUI

/// Lines piped into standard input, shown as they arrive: a reader thread reads the pipe as
/// it is written (`StreamStore`), the first lines are offered as soon as the input pauses, and
/// lines that come later are appended without a request. A pipe can be read only once, so
/// lines already read are kept and a refresh shows all of them again.
package final class StdinSource: FeedSource {
    package let title = "stdin"
    package let stateKey = "stdin"
    package let isLineSource = true

    let queue = DispatchQueue(label: "pullfeed.stdin-source")
    private let relay = ChangeRelay()
    private let store: StreamStore

    /// Reads `fd`, keeping what it read as `spill` says (in memory, then on disk).
    package init(fd: Int32 = STDIN_FILENO, spill: SpillSettings = .fromEnvironment()) {
        let relay = relay
        store = StreamStore(fd: fd, spill: spill) { relay.send(.grew) }
    }

    package func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let store = store
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            do throws(SourceError) {
                return .success(try store.page(request, token: token))
            } catch {
                return .failure(error)
            }
        }
    }

    package func stopReadingRest() {
        store.stopReadingRest()
    }

    package func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        relay.changes(on: scheduler)
    }
}
