import DashboardFormat

/// A key of a dashboard file: the long option it stands for, where in the file it may be, and
/// how its value becomes that option's argument.
struct DashboardKey: Sendable {
    /// Where a key may be.
    enum Place: Sendable {
        /// In a source, or at the top as every source's default.
        case source
        /// Only in a source: what it shows and its title.
        case sourceOnly
        /// Only at the top: it is the whole list's.
        case app
    }

    /// How a value becomes arguments.
    enum Form: Sendable {
        /// `--name=VALUE`.
        case value
        /// `--name=VALUE`, once for each value of a list.
        case values
        /// `--name` for true, nothing for false.
        case flag
        /// `--name` for true, `--no-name` for false.
        case invertible
    }

    /// Why a value does not fit its key, worded after `KEY: `.
    struct ValueError: Error, Equatable {
        var message: String

        init(_ message: String) { self.message = message }
    }

    let name: String
    let place: Place
    let form: Form

    /// The keys that say what a source shows; a source has exactly one of them.
    static let inputs = ["command", "file", "page-command"]

    /// Every key, by name. The demo's options (`latency`, `fail-rate`, `seed`) are not keys: a
    /// dashboard never shows the demo.
    static let all: [String: DashboardKey] = {
        let keys: [(String, Place, Form)] = [
            ("command", .sourceOnly, .value), ("file", .sourceOnly, .value), ("page-command", .sourceOnly, .value),
            ("title", .sourceOnly, .value),
            ("every", .source, .value), ("timeout", .source, .value), ("id", .source, .value),
            ("delimiter", .source, .value), ("header-lines", .source, .value), ("page-size", .source, .value),
            ("max-disk", .source, .value), ("alert", .source, .value), ("section-by", .source, .value),
            ("section-start", .source, .value),
            ("lang", .app, .value), ("footer", .app, .value), ("release-delay", .app, .value),
            ("preview", .app, .value), ("preview-window", .app, .value), ("bind", .app, .values),
            ("multi", .app, .flag), ("fuzzy", .app, .flag), ("no-sort", .app, .flag), ("wrap", .app, .flag),
            ("line-numbers", .app, .flag), ("color", .app, .invertible), ("mouse", .app, .invertible),
            ("history", .app, .value), ("history-size", .app, .value), ("no-history", .app, .flag),
        ]
        return Dictionary(uniqueKeysWithValues: keys.map { ($0.0, DashboardKey(name: $0.0, place: $0.1, form: $0.2)) })
    }()

    /// `--name=text`, which no text can be taken for another option; an empty text is a word of
    /// its own, as the parser takes nothing after `=` for no value.
    private func option(_ text: String) -> [String] {
        text.isEmpty ? ["--\(name)", ""] : ["--\(name)=\(text)"]
    }

    /// The arguments `value` stands for, or why it cannot be this key's value (worded after
    /// `KEY: `).
    func arguments(for value: DashboardDocument.Value) -> Result<[String], ValueError> {
        switch (form, value) {
        case (_, .structure(let description)):
            return .failure(ValueError("expected \(form == .values ? "a value or a list of values" : form == .value ? "a value" : "true or false"), not \(description)"))
        case (.flag, .text(_, true?)), (.invertible, .text(_, true?)):
            return .success(["--\(name)"])
        case (.flag, .text(_, false?)):
            return .success([])
        case (.invertible, .text(_, false?)):
            return .success(["--no-\(name)"])
        case (.flag, .text(let text, nil)), (.invertible, .text(let text, nil)):
            return .failure(ValueError("expected true or false (got '\(text)')"))
        case (.flag, _), (.invertible, _):
            return .failure(ValueError(value == .null ? "expected true or false, and no value is given" : "expected true or false, not a list"))
        case (_, .null):
            return .failure(ValueError("no value is given"))
        case (_, .text(let text, _)):
            return .success(option(text))
        case (.values, .list(let items)):
            return .success(items.flatMap(option))
        case (_, .list):
            return .failure(ValueError("expected one value, not a list"))
        }
    }
}
