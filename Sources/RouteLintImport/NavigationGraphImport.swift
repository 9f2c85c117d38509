import RouteLintCore
import RouteLintPlatform

/// Jetpack Navigation graphs (`res/navigation/*.xml`) and menus (`res/menu/*.xml`), read for
/// `routelint import` (docs/adopting.md).
package struct NavigationGraphImport: Sendable {
    /// One `<navigation>` element: a file's root graph, a nested one, or one an `<include>` names.
    package struct Graph: Sendable {
        package var id: String
        package var label: String?
        package var startDestination: String?
        /// The graph that holds it (by its position in `graphs`), nil for a file's root.
        package var parent: Int?
        /// The `<action>`s written directly in the graph: any of its destinations may take them.
        package var globalActions: [String] = []
        package var origin: ImportOrigin
        /// The file's name without `.xml`: what `@navigation/NAME` names.
        package var fileName: String
    }

    /// A `<fragment>`, `<activity>`, `<dialog>` or `<composable>`.
    package struct Destination: Sendable {
        package var id: String
        /// The element's name.
        package var kind: String
        package var label: String?
        /// `android:name`: the class.
        package var className: String?
        /// `<argument android:name>` in order, with `app:argType`.
        package var arguments: [(name: String, type: String?)] = []
        /// `<action app:destination>`: destination or graph ids.
        package var actions: [String] = []
        package var deepLinks: [(uri: String, origin: ImportOrigin)] = []
        package var graph: Int
        package var origin: ImportOrigin
    }

    /// A menu of a file of `res/menu/`: a bottom-navigation bar's items, in order.
    package struct Menu: Sendable {
        package struct Item: Sendable {
            package var id: String
            package var title: String?
            package var icon: String?
            package var origin: ImportOrigin
        }

        package var path: String
        package var items: [Item] = []
    }

    package var graphs: [Graph] = []
    package var destinations: [Destination] = []
    package var menus: [Menu] = []
    /// `<include app:graph="@navigation/NAME">`: the including graph and NAME.
    package var includes: [(graph: Int, fileName: String)] = []
    package var problems: [(path: String, message: String)] = []

    package init() {}

    static let appNamespace = "http://schemas.android.com/apk/res-auto"

    /// Reads a file of `res/navigation/` (a graph) or `res/menu/` (a menu).
    package mutating func read(_ file: SourceFile) {
        let document: XMLDocument
        let lines = LineIndex(file.bytes)
        var reader = PlatformFileReader(file: file.id, lines: lines)
        switch XMLDocument.read(file.bytes) {
        case .failure(let problem):
            let range = reader.range(problem.offset, problem.offset)
            problems.append((file.path, "\(range.start.line):\(range.start.column): \(problem.message)"))
            return
        case .success(let read): document = read
        }
        func origin(_ element: XMLDocument.Element, _ text: String) -> ImportOrigin {
            let range = reader.range(element.range)
            return ImportOrigin(path: file.path, range: range, text: text)
        }
        let fileName = String((file.path.split(separator: "/").last ?? "").split(separator: ".").first ?? "")
        switch document.root.localName {
        case "navigation":
            readGraph(document.root, parent: nil, fileName: fileName, origin: origin)
        case "menu":
            var menu = Menu(path: file.path)
            for item in document.root.children where item.localName == "item" {
                guard let id = Self.resourceName(item.attribute("id", namespace: PlatformFile.androidNamespace)?.value) else { continue }
                let title = item.attribute("title", namespace: PlatformFile.androidNamespace)?.value
                let icon = item.attribute("icon", namespace: PlatformFile.androidNamespace)?.value
                menu.items.append(
                    .init(id: id, title: title, icon: Self.resourceName(icon), origin: origin(item, "<item android:id=\"@+id/\(id)\">")))
            }
            menus.append(menu)
        default:
            problems.append((file.path, "1:1: expected a <navigation> or <menu> element, found <\(document.root.name)>"))
        }
    }

    private mutating func readGraph(
        _ element: XMLDocument.Element, parent: Int?, fileName: String, origin: (XMLDocument.Element, String) -> ImportOrigin
    ) {
        let id = Self.resourceName(android(element, "id")) ?? fileName
        let graph = graphs.count
        graphs.append(
            Graph(
                id: id, label: android(element, "label"), startDestination: Self.resourceName(app(element, "startDestination")),
                parent: parent, origin: origin(element, "<navigation>"), fileName: fileName))
        for child in element.children {
            switch child.localName {
            case "navigation":
                readGraph(child, parent: graph, fileName: fileName, origin: origin)
            case "include":
                if let name = app(child, "graph").flatMap(Self.resourceName) { includes.append((graph, name)) }
            case "action":
                if let target = Self.resourceName(app(child, "destination")) { graphs[graph].globalActions.append(target) }
            case "fragment", "activity", "dialog", "composable":
                guard let destinationID = Self.resourceName(android(child, "id")) ?? app(child, "route") else { continue }
                var destination = Destination(
                    id: destinationID, kind: child.localName, label: android(child, "label"), className: android(child, "name"),
                    graph: graph, origin: origin(child, "<\(child.name) android:id=\"@+id/\(destinationID)\">"))
                for part in child.children {
                    switch part.localName {
                    case "argument":
                        if let name = android(part, "name") { destination.arguments.append((name, app(part, "argType"))) }
                    case "action":
                        if let target = Self.resourceName(app(part, "destination")) { destination.actions.append(target) }
                    case "deepLink":
                        if let uri = app(part, "uri") { destination.deepLinks.append((uri, origin(part, "app:uri=\"\(uri)\""))) }
                    default:
                        continue
                    }
                }
                destinations.append(destination)
            default:
                continue
            }
        }
    }

    private func android(_ element: XMLDocument.Element, _ name: String) -> String? {
        element.attribute(name, namespace: PlatformFile.androidNamespace)?.value
    }

    private func app(_ element: XMLDocument.Element, _ name: String) -> String? {
        element.attribute(name, namespace: Self.appNamespace)?.value
    }

    /// `@+id/name`, `@id/name`, `@drawable/name`, `@navigation/name` → `name`; nil for nil.
    static func resourceName(_ reference: String?) -> String? {
        guard let reference else { return nil }
        guard reference.hasPrefix("@"), let slash = reference.firstIndex(of: "/") else { return reference }
        return String(reference[reference.index(after: slash)...])
    }
}
