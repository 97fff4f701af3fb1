#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PullToRefresh

/// The app's own words (title bar, help line, toasts, empty state, section headers, notes on
/// stderr), looked up by `AppText` key in one table per language, with ASCII stand-ins for its
/// symbols when the terminal's locale is not UTF-8. The refresh components' titles live in
/// `RefreshTitles`.
package struct AppStrings: Sendable {
    package var language: RefreshLanguage
    package var unicode: Bool

    package init(language: RefreshLanguage, unicode: Bool = true) {
        self.language = language
        self.unicode = unicode
    }

    /// The table for `language`.
    package static func table(for language: RefreshLanguage) -> [AppText: String] {
        switch language {
        case .english: english
        case .simplifiedChinese: simplifiedChinese
        }
    }

    /// The text for `key` with `{0}`, `{1}`, … replaced by `arguments`. A key missing from the
    /// language's table (a test keeps the tables complete) falls back to English.
    package func text(_ key: AppText, _ arguments: String...) -> String {
        let text = Self.fill(Self.table(for: language)[key] ?? Self.english[key] ?? key.rawValue, arguments)
        return unicode ? text : Self.asciiFallback(text)
    }

    /// Between the parts of the title bar and of a section header.
    package var separator: String { unicode ? "·" : "-" }

    /// Before a comment row.
    package var commentMarker: String { unicode ? "💬" : "*" }

    /// The title bar's count: `200 items`, or `200+ items` while more may come.
    package func itemCount(_ n: Int, more: Bool = false, counting: Bool = false) -> String {
        if counting { return text(.countingItems, Self.grouped(n)) }
        let number = Self.grouped(n) + (more ? "+" : "")
        return text(n == 1 && !more ? .itemCountOne : .itemCount, number)
    }

    /// Lines a stream dropped, for the title: `1,234,567 dropped`.
    package func dropped(_ n: Int) -> String { text(.droppedLines, Self.grouped(n)) }

    /// `n` with its digits in groups of three: `1,234,567`. Every count the app shows (the
    /// title's items, filter, marked and dropped counts, a refresh's toast, a section's lines)
    /// is written so.
    package static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (n < 0 ? "-" : "") + out
    }

    package var addComment: String { (unicode ? "＋ " : "+ ") + text(.addComment) }

    /// The empty list's message.
    package var empty: String { text(.empty) }

    /// The empty list's message after the first load failed: the reason stays on screen.
    package func emptyAfterFailure(_ reason: String) -> String { text(.emptyFailed, reason) }

    /// A demo article's section header: "Article 3 · Alice · 2 comments".
    package func articleHeader(id: Int, author: String, comments: Int) -> String {
        text(comments == 1 ? .articleHeaderOneComment : .articleHeader, String(id), author, String(comments), separator)
    }

    package func toast(_ kind: Toast.Kind) -> String {
        switch kind {
        case .refreshFailed(let reason): text(.refreshFailed, reason)
        case .loadMoreFailed(let reason): text(.loadMoreFailed, reason)
        case .noMoreData: text(.noMoreData)
        case .commandExited(let status, let message):
            message.map { text(.exitStatusMessage, String(status), $0) } ?? text(.exitStatus, String(status))
        case .refreshed(let new, let changed, let gone):
            refreshed(new: new, changed: changed, gone: gone)
        case .reloaded: text(.reloaded)
        case .fileTruncated: text(.fileTruncated)
        case .fileReplaced: text(.fileReplaced)
        case .fileDeleted: text(.fileDeleted)
        case .binaryFile: text(.binaryFile)
        case .stream(.spillUnavailable(let directory)): text(.spillUnavailable, directory)
        case .stream(.diskFull(let directory)): text(.diskFull, directory)
        case .noPreview: text(.noPreview)
        case .historyOff(let reason): text(.historyOff, reason)
        case .noHistory: text(.noHistory)
        case .historyEnd(let older): text(older ? .historyOldest : .historyLive)
        case .nothingRemoved: text(.nothingRemoved)
        }
    }

    /// Why a source's last run failed, for its header's `failed: …`: the exit status (and the
    /// first line of its stderr), the reason it could not run or be read, or that its file went.
    package func failureReason(_ kind: Toast.Kind) -> String {
        switch kind {
        case .refreshFailed(let reason), .loadMoreFailed(let reason): reason
        case .commandExited(let status, let message):
            message.map { text(.exitStatusMessage, String(status), $0) } ?? text(.exitStatus, String(status))
        default: toast(kind)
        }
    }

    /// What a refresh brought: "3 new items", "1 new item", "No new items", then " · 5 changed"
    /// when items changed (`--id`) and " · 2 gone" when items disappeared. When nothing is new
    /// but something changed, the count starts with the changed ones ("5 changed · 1 gone").
    package func refreshed(new: Int, changed: Int = 0, gone: Int) -> String {
        var parts: [String] = []
        if new > 0 || changed == 0 { parts.append(new == 0 ? text(.noNewItems) : text(new == 1 ? .newItemsOne : .newItems, Self.grouped(new))) }
        if changed > 0 { parts.append(text(.changedItems, Self.grouped(changed))) }
        if gone > 0 { parts.append(text(.goneItems, Self.grouped(gone))) }
        return parts.joined(separator: " \(separator) ")
    }

    /// The title's time of the last successful refresh, `updated 14:05:09` (24-hour clock, in
    /// `timeZone`, or local time), as `watch` shows the time of its last run.
    package func updated(at date: Date, timeZone: TimeZone?) -> String {
        text(.updatedAt, Self.clock(date, timeZone: timeZone))
    }

    /// The title's (and a source's header's) kept result shown in place of the live one:
    /// `history 2/3 · 14:05:09`, the second of three kept, which arrived at 14:05:09.
    package func history(_ position: HistoryPosition, timeZone: TimeZone?) -> String {
        text(.historyAt, String(position.number), String(position.count), separator, Self.clock(position.time, timeZone: timeZone))
    }

    /// `14:05:09`: `date`'s time of day on a 24-hour clock, in `timeZone`, or (nil) in local
    /// time as the C library sees it (`localtime_r`, right across a daylight-saving change).
    ///
    /// In a time zone, the time of day is the seconds since the epoch plus the zone's offset at
    /// `date`, counted in days: no calendar is needed (making Foundation's Gregorian calendar,
    /// or a time zone, was a tenth of the work before the first frame, which shows this clock).
    static func clock(_ date: Date, timeZone: TimeZone?) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (hour, minute, second): (Int, Int, Int)
        if let timeZone {
            let local = ((seconds + timeZone.secondsFromGMT(for: date)) % 86_400 + 86_400) % 86_400
            (hour, minute, second) = (local / 3600, local / 60 % 60, local % 60)
        } else {
            var time = time_t(seconds)
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else { return clock(date, timeZone: TimeZone(secondsFromGMT: 0)) }
            (hour, minute, second) = (Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        }
        return [hour, minute, second].map { value -> String in
            value < 10 ? "0\(value)" : "\(value)"
        }.joined(separator: ":")
    }

    /// The title's word for an automatic refresh every `seconds` ("every 2s"), or for one
    /// paused.
    package func live(every seconds: Double, paused: Bool) -> String {
        paused ? text(.livePaused) : text(.liveEvery, Self.seconds(seconds))
    }

    /// `seconds` without a fractional part when it has none: "2", "0.5", "1.25".
    static func seconds(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// Replaces the few non-ASCII symbols the texts use with ASCII words.
    private static func asciiFallback(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        let characters = Array(text)
        var out = ""
        var i = 0
        while i < characters.count {
            let next: Character? = i + 1 < characters.count ? characters[i + 1] : nil
            switch (characters[i], next) {
            case ("↑", "↓"): out += "Up/Down"; i += 2; continue
            case ("←", "→"): out += "Left/Right"; i += 2; continue
            case ("↑", _): out += "Up"
            case ("↓", _): out += "Down"
            case ("←", _): out += "Left"
            case ("→", _): out += "Right"
            case ("—", _), ("·", _): out += "-"
            case ("…", _): out += "..."
            default: out.append(characters[i])
            }
            i += 1
        }
        return out
    }
}

extension AppStrings {
    /// `template` with each `{N}` replaced by `arguments[N]`; other braces stay as they are.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty, template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let n = Int(rest[afterOpen..<close]), arguments.indices.contains(n) {
                out += arguments[n]
                rest = rest[rest.index(after: close)...]
            } else {
                out.append("{")
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }
}
