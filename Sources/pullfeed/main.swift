import Foundation
import PullFeed

exit(PullFeedMain.run())
