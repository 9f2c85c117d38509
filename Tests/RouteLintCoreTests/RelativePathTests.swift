import Testing
@testable import RouteLintCore

@Suite("Relative paths, as generated headers name the manifests")
struct RelativePathTests {
    @Test(
        "a path seen from a folder, both relative to the working directory unless absolute",
        arguments: [
            ("Manifests/app.routes.yaml", "Manifests/platform", "/app", "../app.routes.yaml"),
            ("/app/Manifests/app.routes.yaml", "/app/Manifests/platform", "/", "../app.routes.yaml"),
            ("/app/Manifests/app.routes.yaml", "Manifests/platform", "/app", "../app.routes.yaml"),
            ("./Manifests//catalog/./catalog.routes.yaml", "Manifests/catalog/../out/", "/app", "../catalog/catalog.routes.yaml"),
            ("app.routes.yaml", ".", "/app", "app.routes.yaml"),
            ("a/b.yaml", "a", "/", "b.yaml"),
            ("/x/y.yaml", "/p/q/r", "/", "../../../x/y.yaml"),
            ("/a/b", "/a/b", "/", "."),
            ("../../../../a.yaml", "/", "/w/v", "a.yaml"),
            ("/ab/c.yaml", "/a", "/", "../ab/c.yaml"),
        ])
    func relative(_ path: String, _ directory: String, _ workingDirectory: String, _ expected: String) {
        #expect(FilePath.relative(path, seenFrom: directory, in: workingDirectory) == expected)
    }

    @Test(
        "a path made absolute and resolved lexically, a resolved one given back as it is",
        arguments: [
            ("/", "/"), ("/a/b.c", "/a/b.c"), ("/a/.b/..c/.../b..", "/a/.b/..c/.../b.."), ("/a/b/", "/a/b"),
            ("//a//b", "/a/b"), ("/a/./b/../c", "/a/c"), ("/.", "/"), ("/..", "/"), ("/a/..", "/"), ("/a/.", "/a"),
            ("a/b", "/w/v/a/b"), ("", "/w/v"), ("..", "/w"), ("./a", "/w/v/a"), ("/é/ü", "/é/ü"),
        ])
    func absolute(_ path: String, _ expected: String) {
        #expect(FilePath.absolute(path, in: "/w/v") == expected)
    }
}
