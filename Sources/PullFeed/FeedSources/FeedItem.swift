/// One item a source delivers: a demo article or a line of text.
package enum FeedItem: Sendable, Equatable {
    case article(Article)
    case line(String)
}

/// One page a source delivers, and whether more pages follow. Line sources deliver their
/// lines in `lines` (compact, and for files only byte ranges); `items` holds articles, or
/// lines given one by one; a page's `items` come before its `lines`.
package struct Page: Sendable, Equatable {
    package var items: [FeedItem]
    package var lines: LineList
    package var hasMore: Bool
    /// Set when the page is a command's output although the command failed: its stdout is
    /// still the result, and the screen tells the user how the command ended.
    package var exit: CommandExit?
    /// Lines shown fixed above the items, not items themselves (`HeaderLinesSource`).
    package var headerLines: [String] = []
    /// The input is still open: more lines may come later without a request (a stream whose
    /// writer is still there). `hasMore` then says whether more can be read right now. False
    /// while the reader holds, having read as far ahead as it reads unasked: the rest comes
    /// only when asked for (`hasMore`), like a file's.
    package var isOpen = false
    /// The source is still counting its lines (a large file): more lines follow these.
    package var isCounting = false
    /// These are the source's last lines, read from its end, not the ones after the lines
    /// shown (End on a file still being counted).
    package var isEnd = false
    /// The input looks like a binary file (a NUL byte near its start): its lines are shown with
    /// their control bytes as symbols, and the screen says why they look so.
    package var looksBinary = false
    /// The run that gave these lines failed after giving them (a command past `--timeout`):
    /// the lines stay, and the screen says why no more came.
    package var failure: SourceError?
    /// Lines of a stream dropped from its front so far (`--max-disk`, a full disk): the page's
    /// lines follow the lines its request asked after, or the first line kept when those are gone.
    package var dropped = 0
    /// Something the stream's reader tells the user once (it could not spill, the disk filled).
    package var notice: StreamNotice?
    /// The page's lines named by `--section-by`, numbered from 0 (named off the UI thread when
    /// the page is large); nil when lines are not grouped or not named yet.
    package var sections: SectionBatch?

    package init(items: [FeedItem], hasMore: Bool) {
        self.items = items
        lines = LineList()
        self.hasMore = hasMore
    }

    package init(lines: LineList, hasMore: Bool) {
        items = []
        self.lines = lines
        self.hasMore = hasMore
    }

    /// Items and lines together.
    package var count: Int { items.count + lines.count }
}

/// How a command that still printed a result ended: its non-zero exit status and the first
/// non-empty line of its stderr, if any.
package struct CommandExit: Sendable, Equatable {
    package var status: Int32
    package var message: String?

    package init(status: Int32, message: String?) {
        self.status = status
        self.message = message
    }
}

/// Why a request failed, in words a user can act on (shown as "Refresh failed: <reason>").
package struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }

    package var description: String { reason }
}
