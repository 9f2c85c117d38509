import RouteLintCore

/// What `routelint import` wrote and what its round trip found (docs/adopting.md): what the
/// import's reporter says.
package struct ImportReport: Sendable {
    /// A platform pattern the routes can only come near, and the URLs that show it.
    package struct InexactPattern: Sendable, Equatable {
        /// Where the pattern is written: `path:line:column`.
        package let location: String
        /// The pattern as the import read it (`/help/*.html`, `android:pathPrefix="/orders/"`).
        package let pattern: String
        /// Why, as its text shows; nil when only the check shows it (a trailing `/`, the
        /// platform's order of evaluation).
        package let reason: String?
        /// The check's findings about it, each with a witness URL.
        package let findings: [String]

        /// A pattern; see the properties.
        package init(location: String, pattern: String, reason: String?, findings: [String]) {
            self.location = location
            self.pattern = pattern
            self.reason = reason
            self.findings = findings
        }
    }

    /// The manifest file to write (as given, or in the folder given).
    package let outputPath: String
    /// The files read: link files, then navigation graphs and menus.
    package let filesRead: [String]
    /// The link files the round trip checks the manifest against.
    package let checkedLinkFiles: [String]
    /// The number of routes written.
    package let routeCount: Int
    /// The patterns imported inexactly.
    package let inexact: [InexactPattern]
    /// The number of build-time placeholders kept as written.
    package let placeholderCount: Int
    /// The round trip's other findings, in report order: what the manifest leaves to do.
    package let findings: [Finding]
    /// The files the findings point into: the manifest (as it will be written), then the link files.
    package let files: [SourceFile]

    /// A report; see the properties.
    package init(
        outputPath: String, filesRead: [String], checkedLinkFiles: [String], routeCount: Int, inexact: [InexactPattern],
        placeholderCount: Int, findings: [Finding], files: [SourceFile]
    ) {
        self.outputPath = outputPath
        self.filesRead = filesRead
        self.checkedLinkFiles = checkedLinkFiles
        self.routeCount = routeCount
        self.inexact = inexact
        self.placeholderCount = placeholderCount
        self.findings = findings
        self.files = files
    }
}
