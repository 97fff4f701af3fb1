@testable import TerminalUI

/// Sections named S0, S1, … with items "S<s>.<i>"; row layout: header, then its items.
func sectionedSource(_ itemCounts: [Int]) -> ArrayListDataSource {
    ArrayListDataSource(sections: itemCounts.enumerated().map { section, count in
        ListSection(title: "S\(section)", rows: (0..<count).map { .item("S\(section).\($0)") })
    })
}

func makeList(
    _ itemCounts: [Int], height: Int, topInset: Int = 0, bottomInset: Int = 0
) -> ListView {
    ListView(
        dataSource: sectionedSource(itemCounts), viewportHeight: height,
        topInset: topInset, bottomInset: bottomInset)
}

/// A generated source of `count` rows (every `headerEvery`-th row a header) that counts
/// how many rows the list asks it for.
final class CountingDataSource: ListDataSource {
    let count: Int
    let headerEvery: Int
    private(set) var requests = 0

    init(count: Int, headerEvery: Int = 100) {
        self.count = count
        self.headerEvery = headerEvery
    }

    var rowCount: Int { count }

    func row(at index: Int) -> ListRow {
        requests += 1
        precondition(index >= 0 && index < count, "row \(index) out of range")
        return index % headerEvery == 0 ? .header("Section \(index / headerEvery)") : .item("Row \(index)")
    }

    func resetRequests() { requests = 0 }
}
