/// The access level of the generated Swift's declarations.
package enum SwiftAccess: String, CaseIterable, Sendable {
    /// Public: the code is a module of its own that the app imports.
    case `public`
    /// Package: the code is a module of its own that only targets of the same package import.
    case package
    /// Internal: the code is compiled into the target that uses it (the build-tool plugin's
    /// way). The optimiser may then drop what the target never calls, which a public
    /// declaration must keep: a sixth to a third less compile time at a thousand routes
    /// (docs/performance.md).
    case `internal`

    /// The modifier that opens a declaration, with its trailing space: empty for internal, the
    /// default.
    package var modifier: String { self == .internal ? "" : rawValue + " " }
}
