import Reactors

/// Collects what a publisher emits, for as long as the recorder lives.
final class Recorder<Value> {
    private(set) var values: [Value] = []
    private var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Value, P.Failure == Never {
        cancellable = publisher.sink { [unowned self] in self.values.append($0) }
    }

    func cancel() {
        cancellable = nil
    }
}
