#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Formats the header's last-updated line: "Last updated: Today 14:05", "… 03-14 09:30"
/// (same year), "… 2025-12-01 09:30" (other years), "… Never"; in Chinese
/// "最后更新：今天 14:05" … "最后更新：无记录".
///
/// "Today" compares the full date (year, month and day) in `calendar`'s time zone, unlike
/// MJRefresh, which compared only the day of the month in some versions.
public struct LastUpdatedFormatter {
    /// The words of the line ("Last updated: ", "Today", "Never"), in the formatter's language.
    var titles: RefreshTitles
    /// The calendar, and with it the time zone, dates are shown in; it also decides what
    /// "today" is.
    var calendar: Calendar { calendarBox.calendar }
    /// Holds the calendar, made on the first date shown when the formatter was given a time
    /// zone: most runs never show one, and making a Gregorian calendar is much of the work
    /// before an app's first frame.
    private let calendarBox: CalendarBox
    /// The clock that "today" and "this year" are measured against; called on every format.
    var now: () -> Date

    /// - Parameters:
    ///   - language: the language of "Last updated", "Today" and "Never".
    ///   - calendar: the calendar (and its time zone) dates are shown in; Gregorian in the
    ///     current time zone by default.
    ///   - now: the clock, injectable for tests.
    public init(
        language: RefreshLanguage,
        calendar: Calendar = LastUpdatedFormatter.defaultCalendar(),
        now: @escaping () -> Date = { Date() }
    ) {
        self.titles = RefreshTitles(language: language)
        self.calendarBox = CalendarBox { calendar }
        self.now = now
    }

    /// A formatter that shows dates in a Gregorian calendar in `timeZone` (nil: the local time
    /// zone, `localTimeZone()`), made when the first date is shown.
    package init(language: RefreshLanguage, timeZone: TimeZone?, now: @escaping () -> Date = { Date() }) {
        self.titles = RefreshTitles(language: language)
        self.calendarBox = CalendarBox { LastUpdatedFormatter.defaultCalendar(timeZone: timeZone ?? LastUpdatedFormatter.localTimeZone()) }
        self.now = now
    }

    /// A Gregorian calendar in `timeZone`.
    public static func defaultCalendar(timeZone: TimeZone = localTimeZone()) -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        return c
    }

    /// The local time zone as the C library sees it (`TZ`, `/etc/localtime`), as a fixed
    /// offset from GMT at `date`. Without Foundation's ICU, `TimeZone.current` is always GMT;
    /// a fixed offset is exact except across a daylight-saving change between `date` and the
    /// time shown, where the hour can be one off.
    public static func localTimeZone(at date: Date = Date()) -> TimeZone {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil,
              let zone = TimeZone(secondsFromGMT: Int(parts.tm_gmtoff)) else { return TimeZone(secondsFromGMT: 0)! }
        return zone
    }

    /// The whole line for `date` (`nil`: never updated).
    func string(for date: Date?) -> String {
        titles.lastUpdatedPrefix + dateText(date)
    }

    /// The text after the prefix.
    func dateText(_ date: Date?) -> String {
        guard let date else { return titles.never }
        let units: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute]
        let d = calendar.dateComponents(units, from: date)
        let n = calendar.dateComponents(units, from: now())
        let time = pad(d.hour) + ":" + pad(d.minute)
        if d.year == n.year && d.month == n.month && d.day == n.day {
            return titles.today + " " + time
        }
        let monthDay = pad(d.month) + "-" + pad(d.day)
        if d.year == n.year { return monthDay + " " + time }
        return String(d.year ?? 0) + "-" + monthDay + " " + time
    }

    private func pad(_ value: Int?) -> String {
        let v = value ?? 0
        return v < 10 ? "0\(v)" : "\(v)"
    }
}

/// A calendar made on first use, shared by the copies of the formatter that holds it.
private final class CalendarBox {
    private let make: () -> Calendar
    lazy var calendar: Calendar = make()

    init(_ make: @escaping () -> Calendar) {
        self.make = make
    }
}
