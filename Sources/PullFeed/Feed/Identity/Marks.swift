/// The lines the user marked (`--multi`), each known by its identity key (`LineIdentity`) and
/// the index it has in the list now.
///
/// A mark belongs to its item, not to a row: when a refresh replaces the lines, each mark moves
/// to the nearest line with its key (`relocated`), and goes when none has it; a filter or a
/// search hides and finds rows without touching the marks. Two marks never share an index.
package struct Marks: Equatable, Sendable {
    /// The identity key of the line at each marked index.
    package private(set) var keys: [Int: UInt64] = [:]

    package init() {}

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    /// Whether the line at `index` is marked.
    package func contains(_ index: Int) -> Bool { keys[index] != nil }

    /// Marks the line at `index`, whose identity key is `key`, or unmarks it.
    package mutating func toggle(_ index: Int, key: UInt64) {
        if keys.removeValue(forKey: index) == nil { keys[index] = key }
    }

    /// The marked indices, in list order.
    package var indices: [Int] { keys.keys.sorted() }

    /// The marks after the lines were replaced by `count` lines whose keys `key(i)` gives: each
    /// mark, in list order, moves to the nearest index with its key that no mark took before it,
    /// looking at most `maxDistance` lines away; the marks not found there are gone.
    package func relocated(count: Int, maxDistance: Int = .max, key: (Int) -> UInt64) -> Marks {
        var moved = Marks()
        guard count > 0 else { return moved }
        for index in indices {
            let wanted = keys[index]!
            let start = min(index, count - 1)
            var distance = 0
            while distance <= maxDistance, start - distance >= 0 || start + distance < count {
                let before = start - distance, after = start + distance
                if before >= 0, moved.keys[before] == nil, key(before) == wanted {
                    moved.keys[before] = wanted
                    break
                }
                if distance > 0, after < count, moved.keys[after] == nil, key(after) == wanted {
                    moved.keys[after] = wanted
                    break
                }
                distance += 1
            }
        }
        return moved
    }

    /// The marks after `cut` lines were dropped from the front of the list: those on the
    /// dropped lines go, the others move up.
    package func dropping(first cut: Int) -> Marks {
        var moved = Marks()
        for (index, key) in keys where index >= cut { moved.keys[index - cut] = key }
        return moved
    }
}
