import RouteLintCore

/// Google's answer to `statements:list` of the Digital Asset Links API for a site and the
/// relation `handle_all_urls`: the statements Android's verifier gets from Google, includes
/// followed (docs/app-links.md, "What devices read"), with the position of each in the answer.
package struct GoogleStatementList: Sendable {
    /// An Android app the site delegates its links to, with one certificate: Google answers a
    /// statement per certificate.
    package struct Target: Hashable, Sendable {
        /// The package name.
        package let package: String
        /// The SHA-256 certificate fingerprint, in upper case.
        package let fingerprint: String
    }

    /// The targets, in the answer's order, each where its statement is.
    package private(set) var targets: [Located<Target>] = []
    /// Per package, the Dynamic App Links rules of its first statement that has them.
    package private(set) var dynamicRules: [String: PlatformFile.DynamicRules] = [:]
    /// What could not be read as the API's answer.
    package private(set) var issues: [PlatformFileIssue] = []

    /// Reads the answer in `file`.
    package static func read(_ file: SourceFile) -> GoogleStatementList {
        var list = GoogleStatementList()
        var reader = PlatformFileReader(file: file.id, lines: LineIndex(file.bytes))
        switch JSONDocument.read(file.bytes) {
        case .failure(let problem):
            reader.issues.append(.malformed(message: problem.message, at: reader.range(problem.offset, problem.offset)))
        case .success(let document):
            let root = document.root
            guard case .object = root.kind else {
                reader.issues.append(
                    .unexpected(expected: "an object with 'statements'", found: root.typeName, at: reader.range(root.range)))
                break
            }
            // An answer with no statement leaves the key out.
            let statements = root["statements"].flatMap { reader.array($0, "'statements': an array", in: root) } ?? []
            for statement in statements {
                guard statement["relation"]?.string == "delegate_permission/common.handle_all_urls",
                    let app = statement["target"]?["androidApp"],
                    let package = reader.string(app["packageName"], "'packageName': a string", in: app)
                else { continue }
                let certificate = app["certificate"]
                let fingerprint = certificate.flatMap { reader.string($0["sha256Fingerprint"], "'sha256Fingerprint': a string", in: $0) }
                if let fingerprint {
                    list.targets.append(
                        Located(
                            Target(package: package.value, fingerprint: fingerprint.value.uppercased()), at: reader.range(statement.range)))
                }
                // The extensions come keyed by relation, as the site wrote them, or as that
                // relation's object itself.
                if list.dynamicRules[package.value] == nil, let extensions = statement["relationExtensions"] {
                    let rules =
                        extensions["delegate_permission/common.handle_all_urls"] != nil
                        ? reader.dynamicRules(extensions) : reader.dynamicRules(handleAllURLs: extensions)
                    if let rules { list.dynamicRules[package.value] = rules }
                }
            }
        }
        list.issues = reader.issues
        return list
    }
}
