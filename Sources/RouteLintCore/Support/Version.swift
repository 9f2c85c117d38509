/// routelint's version and home.
package enum RouteLintVersion {
    /// The version, as `routelint --version` and SARIF's driver say it.
    package static let current = "0.1.0"
    /// The project's page, SARIF's `informationUri`.
    package static let informationURI = "https://github.com/routelint/routelint"
}
