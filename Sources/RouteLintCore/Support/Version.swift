/// routelint's version and home.
public enum RouteLintVersion {
    /// The version, as `routelint --version` and SARIF's driver say it.
    public static let current = "0.1.0"
    /// The project's page, SARIF's `informationUri`.
    public static let informationURI = "https://github.com/routelint/routelint"
}
