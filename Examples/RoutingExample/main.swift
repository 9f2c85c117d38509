// Routes each URL given through the code the RouteLintGenerate plugin made from
// shop.routes.yaml, and creates the route's holder through the generated registry.

/// The app's holders, as plain descriptions: a real app returns its ViewModels here.
struct Factory: HolderFactory {
    func makeSessionHolder() -> String { "session" }
    func makeProductHolder(id: String, parent: String) -> String { "product \(id) in \(parent)" }
    func makeScreenHolder(parent: String) -> String { "screen in \(parent)" }
    func release(_ holder: Holder<Factory>) {}
}

let registry = HolderRegistry(factory: Factory())
for url in CommandLine.arguments.dropFirst() {
    guard let link = RouteLink(url: url) else {
        print("\(url) → no route")
        continue
    }
    let holder: String
    switch registry.holder(for: link.route) {
    case .sessionHolder(let value), .productHolder(let value), .screenHolder(let value): holder = value
    }
    let parameters = link.route.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    print(
        "\(url) → route '\(link.route.id)', tab '\(link.tab?.rawValue ?? "-")'\(parameters.isEmpty ? "" : ", \(parameters)"), holder: \(holder)"
    )
}
