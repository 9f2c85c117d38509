extension Duration {
    /// The duration in seconds, as the summary line and the benchmark print it.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
