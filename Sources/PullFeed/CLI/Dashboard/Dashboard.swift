/// A dashboard file made into what the app runs: the options of the whole list, and each source
/// with its own.
///
/// Which value wins, from weakest to strongest: `PULLFEED_DEFAULT_OPTS`, the file's top-level
/// keys, the command line, a source's own keys. So `pullfeed --dashboard ops.yaml --every 5` sets
/// every source's `every` but the ones that give their own.
package struct Dashboard {
    /// The list-wide options (`multi`, `bind`, `preview`, `lang`, ...): the file's top-level keys,
    /// then the command line's options, `--dashboard` among them.
    package var app: PullFeedCommand
    /// The sources in the file's order, each with its own options.
    package var sources: [SourceSpec]
}
