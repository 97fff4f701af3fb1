import ArgumentParser
import PullToRefresh
import SearchEngine

extension PullFeedCommand {
    /// Checks a time that must be more than 0 seconds and at most a day.
    private static func checkSeconds(_ value: Double, option: String) throws {
        if !(value > 0) { throw ValidationError("\(option) must be more than 0 seconds (got \(number(value)))") }
        if !(value <= 86_400) { throw ValidationError("\(option) must be at most 86400 seconds, a day (got \(number(value)))") }
    }

    /// `value` as it was most likely typed: `2`, `0.5`, `-1`.
    private static func number(_ value: Double) -> String { AppStrings.seconds(value) }

    /// Several sources are allowed; each must be usable, none named twice, and what works with one
    /// source only is refused with several.
    private func validateSources() throws {
        if file.contains(where: \.isEmpty) { throw ValidationError("--file needs a path") }
        if paths.contains(where: \.isEmpty) { throw ValidationError("the file name is empty") }
        if command.contains(where: { $0.allSatisfy(\.isWhitespace) }) { throw ValidationError("--command needs a command") }
        var seen = Set<String>()
        for path in filePaths where !seen.insert(path).inserted {
            throw ValidationError(path == "-" ? "standard input (-) can be read only once" : "'\(path)' is given twice: each file is one section")
        }
        if history.list || !history.show.isEmpty, sourceCount > 0 || dashboard != nil {
            throw ValidationError("--history-list and --history-show take no source")
        }
        if let dashboard {
            if dashboard.isEmpty { throw ValidationError("--dashboard needs a file") }
            if sourceCount > 0 { throw ValidationError("choose --dashboard or sources on the command line, not both") }
        }
        if sourceCount > 1 {
            for (option, value) in [("--section-by", sectionBy), ("--section-start", sectionStart)] where value != nil {
                throw ValidationError("\(option) works with one source (got \(sourceCount)): with several, each source is a section")
            }
            if title != nil { throw ValidationError("--title names one source (got \(sourceCount)): give each source its title in a --dashboard file") }
        }
        if let title, title.isEmpty { throw ValidationError("--title cannot be empty") }
        if let alert {
            let pattern: TextPattern?
            do throws(PatternError) {
                pattern = try TextPattern(alert, syntax: .regularExpression)
            } catch {
                throw ValidationError("--alert '\(alert)' is not a usable regular expression: \(error.reason)")
            }
            if pattern == nil { throw ValidationError("--alert needs a regular expression") }
        }
    }

    package mutating func validate() throws {
        try validateSources()
        if let pageCommand, pageCommand.allSatisfy(\.isWhitespace) {
            throw ValidationError("--page-command needs a command")
        }
        if pageSize < 1 || pageSize > 100_000 { throw ValidationError("--page-size must be between 1 and 100000 (got \(pageSize))") }
        if !(releaseDelay >= 0 && releaseDelay <= 60) {
            throw ValidationError("--release-delay must be between 0 and 60 seconds (got \(Self.number(releaseDelay)))")
        }
        if !(latency >= 0 && latency <= 600) { throw ValidationError("--latency must be between 0 and 600 seconds (got \(Self.number(latency)))") }
        if !(failRate >= 0 && failRate <= 1) { throw ValidationError("--fail-rate must be between 0 and 1 (got \(Self.number(failRate)))") }
        if UInt64(seedText) == nil {
            throw ValidationError("--seed must be a whole number from 0 to \(UInt64.max) (got '\(seedText)')")
        }
        // 0 is no limit.
        if let timeout {
            if !(timeout >= 0) { throw ValidationError("--timeout must be 0 (no limit) or more seconds (got \(Self.number(timeout)))") }
            if timeout != 0 { try Self.checkSeconds(timeout, option: "--timeout") }
        }
        if let every {
            if !(every >= Defaults.minimumEvery) {
                throw ValidationError("--every must be at least \(Self.number(Defaults.minimumEvery)) seconds (got \(Self.number(every)))")
            }
            try Self.checkSeconds(every, option: "--every")
        }
        if headerLines < 0 || headerLines > 1_000 { throw ValidationError("--header-lines must be between 0 and 1000 (got \(headerLines))") }
        if let idText {
            do throws(FieldSelection.ParseError) {
                _ = try FieldSelection(parsing: idText)
            } catch {
                throw ValidationError("--id \(error.description)")
            }
        }
        // A --delimiter without --id is allowed (and unused): each of PULLFEED_DEFAULT_OPTS and the
        // command line is checked on its own, and either may give one of the two.
        if let delimiter, delimiter.isEmpty { throw ValidationError("--delimiter cannot be empty") }
        if let preview {
            if preview.allSatisfy(\.isWhitespace) { throw ValidationError("--preview needs a command") }
            do throws(RowTemplate.ParseError) {
                _ = try RowTemplate(parsing: preview, delimiter: delimiter)
            } catch {
                throw ValidationError("--preview \(error.description)")
            }
        }
        if let previewWindowText {
            do throws(PreviewWindow.ParseError) {
                _ = try PreviewWindow(parsing: previewWindowText)
            } catch {
                throw ValidationError("--preview-window \(error.description)")
            }
        }
        if sectionBy != nil, sectionStart != nil {
            throw ValidationError("choose one of --section-by (each line names its own section) and --section-start (a matching line starts a section)")
        }
        for (option, value) in [("--section-by", sectionBy), ("--section-start", sectionStart)] {
            guard let value else { continue }
            do throws(PatternError) {
                _ = try CapturePattern(value)
            } catch {
                throw ValidationError("\(option) '\(value)' is not a usable regular expression: \(error.reason)")
            }
        }
        if SpillSettings.parseSize(maxDiskText) == nil {
            throw ValidationError("--max-disk must be a size such as 512M, 4G or a number of bytes; 0 for no limit (got '\(maxDiskText)')")
        }
        let bindings: BindingList
        do throws(BindingParser.Failure) {
            bindings = try BindingList(parsing: bind)
        } catch {
            throw ValidationError("--bind \(error.description)")
        }
        for binding in bindings.bindings {
            for command in binding.actions.compactMap(\.command) {
                do throws(RowTemplate.ParseError) {
                    _ = try RowTemplate(parsing: command, delimiter: delimiter)
                } catch {
                    throw ValidationError("--bind '\(binding.keyName):\(binding.actionsText)': \(error.description)")
                }
            }
        }
        if let lang, RefreshLanguage(identifier: lang) == nil {
            throw ValidationError("--lang must be en or zh-Hans (got '\(lang)')")
        }
    }
}
