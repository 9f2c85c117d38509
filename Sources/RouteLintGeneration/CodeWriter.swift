/// Lines of generated code, indented by blocks. The languages' generators spell their code
/// through it, so that indentation is never counted by hand.
struct CodeWriter {
    private(set) var text = ""
    private var indent = ""
    /// One level of indentation.
    let unit: String

    init(indentUnit: String = "    ") {
        unit = indentUnit
    }

    /// A line at the current indentation; an empty line has no spaces.
    mutating func line(_ line: String = "") {
        text += line.isEmpty ? "\n" : indent + line + "\n"
    }

    /// Text indented at the current level, line by line.
    mutating func raw(_ block: String) {
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { self.line(String(line)) }
    }

    /// `opening {`, the body indented, `}`; a Swift `switch` keeps its cases at its own level.
    mutating func block(_ opening: String, _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        let outer = indent
        if !opening.hasPrefix("switch ") { indent += unit }
        body(&self)
        indent = outer
        line("}")
    }

    /// The lines of `lines`, each with its own indentation kept, at one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        let outer = indent
        indent += unit
        body(&self)
        indent = outer
    }
}
