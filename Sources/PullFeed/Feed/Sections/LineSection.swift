/// One section of a line source grouped by `--section-by`: its name (nil for the last section,
/// `Other`, of lines that name none), the lines in it by their number in the source, in source
/// order, and how many of them are new (arrived since the last refresh, or marked new by it).
///
/// A section is a value that only grows: a line arriving appends its number to one section.
package struct LineSection: Equatable, Sendable {
    /// The name the pattern found, cut to `LineSections.nameLimit` bytes; nil: `Other`.
    package var name: String?
    /// Source line numbers (counting lines a stream dropped from its front), ascending.
    package var lines = SectionLines()
    /// How many of `lines` are new.
    package var newCount = 0

    package init(name: String?) {
        self.name = name
    }

    package var count: Int { lines.count }
}
