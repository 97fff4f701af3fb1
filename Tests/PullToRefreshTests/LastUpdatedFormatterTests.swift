import Foundation
import Testing
@testable import PullToRefresh

@Suite struct LastUpdatedFormatterTests {
    let now = march14  // 2026-03-14 09:30 UTC

    func formatter(_ language: RefreshLanguage, timeZone: String = "UTC") -> LastUpdatedFormatter {
        LastUpdatedFormatter(
            language: language,
            calendar: LastUpdatedFormatter.defaultCalendar(timeZone: TimeZone(identifier: timeZone)!),
            now: { self.now })
    }

    @Test func english() {
        let f = formatter(.english)
        #expect(f.string(for: nil) == "Last updated: Never")
        #expect(f.string(for: now.addingTimeInterval(-(4 * 3600 + 25 * 60))) == "Last updated: Today 05:05")
        #expect(f.string(for: now.addingTimeInterval(-86_400)) == "Last updated: 03-13 09:30")
        #expect(f.string(for: now.addingTimeInterval(-103 * 86_400)) == "Last updated: 2025-12-01 09:30")
    }

    @Test func chinese() {
        let f = formatter(.simplifiedChinese)
        #expect(f.string(for: nil) == "最后更新：无记录")
        #expect(f.string(for: now.addingTimeInterval(-60)) == "最后更新：今天 09:29")
        #expect(f.string(for: now.addingTimeInterval(-86_400)) == "最后更新：03-13 09:30")
        #expect(f.string(for: now.addingTimeInterval(-103 * 86_400)) == "最后更新：2025-12-01 09:30")
    }

    @Test func todayComparesTheFullDate() {
        let f = formatter(.english)
        let sameDayLastMonth = now.addingTimeInterval(-28 * 86_400)  // 2026-02-14
        #expect(f.string(for: sameDayLastMonth) == "Last updated: 02-14 09:30")
        let sameDayLastYear = now.addingTimeInterval(-365 * 86_400)  // 2025-03-14
        #expect(f.string(for: sameDayLastYear) == "Last updated: 2025-03-14 09:30")
    }

    @Test func usesTheCalendarsTimeZone() {
        // 2026-03-14 20:00 UTC is already 03-15 04:00 in Shanghai, where "now" is 17:30.
        let evening = now.addingTimeInterval(10.5 * 3600)
        #expect(formatter(.english).string(for: evening) == "Last updated: Today 20:00")
        #expect(formatter(.english, timeZone: "Asia/Shanghai").string(for: evening) == "Last updated: 03-15 04:00")
    }

    @Test func aTimeZoneGivesTheSameLinesAsItsCalendar() {
        let evening = now.addingTimeInterval(10.5 * 3600)
        let shanghai = LastUpdatedFormatter(language: .english, timeZone: TimeZone(secondsFromGMT: 8 * 3600)!, now: { self.now })
        #expect(shanghai.string(for: evening) == "Last updated: 03-15 04:00")
        #expect(shanghai.string(for: now) == "Last updated: Today 17:30")
        let copy = shanghai
        #expect(copy.string(for: nil) == "Last updated: Never")
    }
}

/// The formatter's local time zone comes from the C library (FoundationEssentials alone only
/// knows GMT); it must agree with Foundation's ICU-backed `TimeZone.current`.
@Suite struct LocalTimeZoneTests {
    @Test func agreesWithFoundationsCurrentTimeZone() {
        for seconds in [0.0, 1_700_057_100, 1_720_000_000, 1_735_689_600] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(LastUpdatedFormatter.localTimeZone(at: date).secondsFromGMT(for: date)
                == TimeZone.current.secondsFromGMT(for: date))
        }
    }
}
