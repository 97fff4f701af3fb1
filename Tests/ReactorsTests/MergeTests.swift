import Testing
import Reactors

@Suite("Publishers.Merge")
struct MergeTests {
    @Test func interleavesAndFinishesWhenAllFinish() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var finished = false
        let cancellable = Publishers.Merge(a, b).sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        #expect(!finished)
        b.send(4)
        b.send(completion: .finished)
        #expect(values == [1, 2, 3, 4])
        #expect(finished)
        cancellable.cancel()
    }

    @Test func mergeWithAndMergeMany() {
        let merged = Recorder(Just(1).merge(with: Just(2)).merge(with: Just(3), Just(4)))
        let many = Recorder(Publishers.MergeMany([Just(5), Just(6)]))
        #expect(merged.values == [1, 2, 3, 4])
        #expect(many.values == [5, 6])
    }
}
