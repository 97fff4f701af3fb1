import PullFeed
