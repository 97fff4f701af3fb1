extension PullFeedCommand {
    /// The command for `arguments` when they only name sources, in the plainest way (file paths,
    /// `--file PATH`, `-c CMD`, `--command CMD`, and `--file=PATH`, `--command=CMD`), or are
    /// empty; nil for anything else, which the library's parser reads.
    ///
    /// The library reflects over every option, three times, to build its tables before it reads
    /// a word: 2 ms, a fifth of the time to the first frame, at every start, while most starts
    /// name a file or a command and no option. The command made here is the one the library
    /// makes (every option at its default; a test compares them option by option, and fails
    /// when an option is added without a default here) and passes the same validation; a value
    /// the validation refuses is left to the library, whose message the user then sees. A word
    /// that starts with `-` other than those options, or a value that starts with one, is also
    /// left to the library.
    static func quickParse(_ arguments: [String]) -> PullFeedCommand? {
        var paths: [String] = []
        var files: [String] = []
        var commands: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard let first = word.utf8.first else { return nil }
            guard first == UInt8(ascii: "-") else {
                paths.append(word)
                continue
            }
            // `--file=PATH`: the value after the first `=`; else the next word.
            var name = word
            let value: String
            if let equals = word.utf8.firstIndex(of: UInt8(ascii: "=")) {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            } else {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let valueFirst = value.utf8.first, valueFirst != UInt8(ascii: "-") else { return nil }
            switch name {
            case "--file": files.append(value)
            case "--command": commands.append(value)
            case "-c" where name == word: commands.append(value)
            default: return nil
            }
        }
        var command = withDefaults()
        command.paths = paths
        command.file = files
        command.command = commands
        do {
            try command.validate()
            try command.history.validate()
        } catch {
            return nil
        }
        return command
    }

    /// A command with every option at the default its declaration gives.
    static func withDefaults() -> PullFeedCommand {
        var command = PullFeedCommand()
        command.paths = []
        command.file = []
        command.command = []
        command.pageCommand = nil
        command.pageSize = Defaults.pageSize
        command.footer = Defaults.footer
        command.releaseDelay = Defaults.releaseDelay
        command.latency = Defaults.latency
        command.failRate = Defaults.failRate
        command.seedText = String(Defaults.seed)
        command.timeout = nil
        command.every = nil
        command.headerLines = 0
        command.wrap = false
        command.lineNumbers = false
        command.idText = nil
        command.delimiter = nil
        command.preview = nil
        command.previewWindowText = nil
        command.sectionBy = nil
        command.sectionStart = nil
        command.maxDiskText = "4G"
        command.multi = false
        command.fuzzy = false
        command.noSort = false
        command.bind = []
        command.title = nil
        command.alert = nil
        command.dashboard = nil
        command.history = HistoryOptions.withDefaults()
        command.lang = nil
        command.color = true
        command.mouse = true
        return command
    }
}

extension HistoryOptions {
    /// The history's options at the defaults their declarations give.
    static func withDefaults() -> HistoryOptions {
        var options = HistoryOptions()
        options.resultsText = String(HistoryLimits.defaultResultsPerSource)
        options.sizeText = "256M"
        options.off = false
        options.list = false
        options.show = []
        return options
    }
}
