import RouteLintCore

/// What `routelint init` writes and prints: a starter configuration whose `include` covers
/// every manifest below its folder, and the snippets that run routelint as a pre-commit hook
/// and in a workflow.
package enum Starter {
    /// The `include` every starter configuration writes: every manifest below the
    /// configuration's folder, so that a feature folder added later is linted without a change.
    package static let include = ["**/*.routes.yaml", "**/*.routes.yml"]

    /// The build and dependency folders a starter configuration excludes: copies of manifests
    /// a build or a package manager made, never the app's own.
    package static let excludedFolders = ["build", ".build", "node_modules", "Pods", "DerivedData", "Carthage", "vendor"]

    /// The starter `.routelint.yml`.
    package static func configuration() -> String {
        let include = "[" + Self.include.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let exclude = "[" + excludedFolders.map { "\"**/\($0)/**\"" }.joined(separator: ", ") + "]"
        return """
            # routelint's configuration: which files make the route set, and how each rule is set.
            # `routelint rules` lists the rules; `routelint explain RULE` documents one.
            include: \(include)
            exclude: \(exclude)
            # unreachable-route: off            # a rule: off, or a severity (error, warning, note)
            # tab-limit: {severity: error, max: 4}
            # Findings accepted, so that only new ones fail (write it with
            # `routelint lint --write-baseline routelint-baseline.json`); the hook, the Action and
            # the editor apply it.
            # baseline: routelint-baseline.json

            """
    }

    /// The snippets for the pre-commit hook and the GitHub Action, pinned to `revision`.
    package static func snippets(revision: String) -> String {
        """
        Add routelint to pre-commit, in .pre-commit-config.yaml:

          repos:
            - repo: \(RouteLintVersion.informationURI)
              rev: \(revision)
              hooks:
                - id: routelint-system    # the routelint on PATH (docs/install.md)
                # - id: routelint-docker  # the release's container image
                # - id: routelint         # built from source by pre-commit: needs Swift 6.1

        And to a GitHub workflow, to fail pull requests and send findings to code scanning:

          permissions:
            contents: read
            security-events: write
          steps:
            - uses: actions/checkout@v5
            - uses: routelint/routelint@\(revision)
              with:
                fail-on: error

        To also fail a pull request that breaks links already sent (the change against its base,
        with a Markdown report in the job summary), check out the whole history and add:

            - uses: actions/checkout@v5
              with:
                fetch-depth: 0
            - uses: routelint/routelint@\(revision)
              with:
                diff-against: ${{ github.event.pull_request.base.sha }}
                # A label acknowledges a deliberate break:
                diff-fail-on: ${{ contains(github.event.pull_request.labels.*.name, 'breaks-links') && 'never' || 'error' }}

        """
    }
}
