// Routes each URL given through the code the RouteLintGenerate plugin made from
// shop.routes.yaml, and creates the route's holder through the generated registry. The
// holders are this app's own classes, named as in the manifest (`.routelint.yml` beside it
// says `holder-types: named`): the registry hands them back typed, with no cast.

/// The app's session: one for the whole app (`scope: app`).
final class SessionHolder {
    let name = "session"
}

/// What a product page's ViewModel lives in: made with the product's id, inside the session.
final class ProductHolder {
    let id: Int
    let session: SessionHolder

    init(id: Int, session: SessionHolder) {
        self.id = id
        self.session = session
    }
}

/// What every other screen's ViewModel lives in.
final class ScreenHolder {
    let session: SessionHolder

    init(session: SessionHolder) {
        self.session = session
    }
}

/// Makes the holders the registry asks for, parents first.
struct Factory: HolderFactory {
    func makeSessionHolder() -> SessionHolder { SessionHolder() }
    func makeProductHolder(id: Int, parent: SessionHolder) -> ProductHolder { ProductHolder(id: id, session: parent) }
    func makeScreenHolder(parent: SessionHolder) -> ScreenHolder { ScreenHolder(session: parent) }
    func release(_ holder: Holder) {}
}

let registry = HolderRegistry(factory: Factory())
for url in CommandLine.arguments.dropFirst() {
    guard let link = RouteLink(url: url) else {
        print("\(url) → no route")
        continue
    }
    let holder: String
    switch registry.holder(for: link.route) {
    case .sessionHolder(let session): holder = session.name
    case .productHolder(let product): holder = "product \(product.id) in \(product.session.name)"
    case .screenHolder(let screen): holder = "screen in \(screen.session.name)"
    }
    var parameters = link.route.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    // The query item the manifest declares is the route value's own, typed.
    if case .product(_, let ref?) = link.route { parameters += " ref=\(ref)" }
    print(
        "\(url) → route '\(link.route.id)', tab '\(link.tab?.rawValue ?? "-")'\(parameters.isEmpty ? "" : ", \(parameters)"), holder: \(holder)"
    )
}

// A route's typed accessor gives its holder as the app's own class: the same object the
// general accessor gives for that route.
let product: ProductHolder = registry.productHolder(id: 42)
if case .productHolder(let same) = registry.holder(for: .product(id: 42)), same === product {
    print("registry.productHolder(id: 42) → product \(product.id) in \(product.session.name)")
}
