public enum RouteLintVersion {
    public static let current = "0.1.0"
    public static let informationURI = "https://github.com/routelint/routelint"
}
