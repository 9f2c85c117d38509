import RouteLintRuns
import RouteLintCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `routelint-bench --codegen`: how long the compilers take over the code `routelint generate`
/// writes for apps of 500, 1,000 and 2,000 routes with a holder each, holders named, in two
/// shapes (every route's id a string; every third route's an `int`, with query items): `swiftc
/// -swift-version 6 -O -wmo` and Kotlin 2's `kotlinc -Werror` (the smallest heap of 256 MB,
/// 512 MB and 1 GB it fits in), each with the smallest app the code needs, a factory that makes
/// every holder and a `main` that asks for one through its typed accessor. The Kotlin compiler
/// is `ROUTELINT_KOTLINC`, else the one `scripts/kotlin-toolchain` sets up in `.build/kotlin`,
/// else `kotlinc` on the path. The Kotlin is `@Serializable`, compiled with kotlinx.serialization's
/// plugin and runtime, where they are beside the compiler (`scripts/kotlin-toolchain`); else it
/// is generated with `--serialization none`.
func generatedCodeCompileTimes(sizes: [Int], workspace: String) {
    let kotlinCompiler = kotlinCompilerPath()
    let library = FilePath.parent(of: FilePath.parent(of: kotlinCompiler)) + "/lib"
    let plugin = library + "/kotlinx-serialization-compiler-plugin.jar"
    let runtime = [library + "/kotlinx-serialization-core-jvm.jar", library + "/kotlinx-serialization-json-jvm.jar"]
    let serializes = ([plugin] + runtime).allSatisfy { access($0, R_OK) == 0 }
    print("kotlinx.serialization: " + (serializes ? "plugin and runtime from \(library)" : "none (--serialization none)"))
    let said = (try? Subprocess.run(kotlinCompiler, ["-version"]))?.standardError ?? []
    let version = String(decoding: said, as: UTF8.self).split(separator: "\n").first { $0.contains("kotlinc") }
    print("Kotlin compiler: \(version.map(String.init) ?? kotlinCompiler)\n")
    print("| routes | typed | holders | Swift lines | swiftc -O -wmo s | Kotlin lines | kotlinc -Werror s | kotlinc peak RSS MB |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    var swiftTimes: [Int: Double] = [:]
    func compile(size: Int, typed: Bool) {
        let directory = "\(workspace)/codegen-\(size)\(typed ? "-typed" : "")"
        makeDirectory(directory)
        var generator = RouteSetGenerator(routeCount: size)
        generator.holderPerRoute = true
        generator.typedEveryThird = typed
        for file in generator.files(routesPerFile: nil) { write(file.text, to: "\(directory)/\(file.name)") }
        let manifest = "\(directory)/app.routes.yaml"
        for language in ["swift", "kotlin"] {
            let generated = runCommand(
                binary,
                [
                    "generate", language, manifest, "--output", "\(directory)/\(language)", "--holder-types", "named", "--package",
                    "bench.routes",
                ] + (language == "kotlin" && !serializes ? ["--serialization", "none"] : []))
            guard generated.status == 0 else {
                fail("routelint-bench: generate \(language) failed for \(size) routes\n")
                exit(1)
            }
        }
        let swift = "\(directory)/swift"
        let makers = factoryMethods(readText("\(swift)/Holders.swift"), prefix: "    func make", returnMarker: " -> ")
        write(swiftApp(makers, sampleAccessor: "a0T0RootHolder()"), to: "\(swift)/main.swift")
        let swiftFiles = ["Routes.swift", "Holders.swift", "RouteRuntime.swift"]
        let swiftc = runCommandIn(
            swift, "/usr/bin/env", ["swiftc", "-swift-version", "6", "-O", "-wmo"] + swiftFiles + ["main.swift", "-o", "app"])
        let kotlin = "\(directory)/kotlin"
        let kotlinMakers = factoryMethods(readText("\(kotlin)/Holders.kt"), prefix: "    fun make", returnMarker: ": ")
        write(kotlinApp(kotlinMakers, sampleRoute: "Route.A0T0Root"), to: "\(kotlin)/Main.kt")
        let kotlinFiles = ["Routes.kt", "Holders.kt", "RouteRuntime.kt"] + (serializes ? ["RouteSerializers.kt"] : [])
        let serialization = serializes ? ["-Xplugin=" + plugin, "-cp", runtime.joined(separator: ":")] : []
        // kotlinc's script gives the JVM 256 MB; a module past it fails with OutOfMemoryError,
        // so measure it again with more and say so.
        var kotlinc = (seconds: 0.0, peakBytes: 0, status: Int32(1))
        var heap = ""
        for megabytes in [256, 512, 1_024] where kotlinc.status != 0 {
            kotlinc = runCommandIn(
                kotlin, "/usr/bin/env",
                ["JAVA_OPTS=-Xmx\(megabytes)m -Xss2m", kotlinCompiler, "-Werror"] + serialization + kotlinFiles
                    + ["Main.kt", "-d", "app.jar"])
            heap = megabytes == 256 ? "" : " (\(megabytes) MB heap)"
        }
        guard swiftc.status == 0, kotlinc.status == 0 else {
            fail(
                "routelint-bench: the generated code of \(size) routes did not compile (swiftc \(swiftc.status), kotlinc \(kotlinc.status))\n"
            )
            exit(1)
        }
        if !typed { swiftTimes[size] = swiftc.seconds }
        let lines = { (directory: String, files: [String]) in
            files.reduce(0) { $0 + readText("\(directory)/\($1)").split(separator: "\n").count }
        }
        print(
            "| \(grouped(size)) | \(typed ? "a third" : "none") | \(grouped(makers.count)) | \(grouped(lines(swift, swiftFiles))) | \(format(swiftc.seconds, digits: 1)) "
                + "| \(grouped(lines(kotlin, kotlinFiles))) | \(format(kotlinc.seconds, digits: 1))\(heap) | \(megabytes(kotlinc.peakBytes)) |"
        )
    }

    for size in sizes {
        for typed in [false, true] {
            compile(size: size, typed: typed)
        }
    }
    if let small = swiftTimes[1_000], let large = swiftTimes[2_000] {
        print("\nswiftc -O -wmo at 2,000 routes takes \(format(large / small, digits: 2))× its time at 1,000 (untyped).")
    }
}

/// The Kotlin compiler to measure (see `generatedCodeCompileTimes`).
private func kotlinCompilerPath() -> String {
    if let path = getenv("ROUTELINT_KOTLINC").map({ String(cString: $0) }), !path.isEmpty { return path }
    guard let directory = getcwd(nil, 0) else { return "kotlinc" }
    defer { free(directory) }
    // Absolute: the compiler runs in the folder of the code it compiles.
    let toolchain = FilePath.absolute(".build/kotlin/bin/kotlinc", in: String(cString: directory))
    return access(toolchain, X_OK) == 0 ? toolchain : "kotlinc"
}

/// The holders' factory methods of a generated registry, as `(type, parameters)`: the lines
/// of the factory that start with `prefix`, such as `    func makeProductHolder(id: String) -> ProductHolder`.
private func factoryMethods(_ code: String, prefix: String, returnMarker: String) -> [(type: String, parameters: String)] {
    code.split(separator: "\n").compactMap { line -> (type: String, parameters: String)? in
        guard line.hasPrefix(prefix), let open = line.firstIndex(of: "("), let marker = line.ranges(of: returnMarker).last else {
            return nil
        }
        let close = line[..<marker.lowerBound].lastIndex(of: ")") ?? marker.lowerBound
        return (String(line[marker.upperBound...]), String(line[line.index(after: open)..<close]))
    }
}

/// The smallest Swift app of named holders: every holder type an alias of one class.
private func swiftApp(_ makers: [(type: String, parameters: String)], sampleAccessor: String) -> String {
    var code = "final class Box {\n    let name: String\n    init(_ name: String) { self.name = name }\n}\n"
    for maker in makers { code += "typealias \(maker.type) = Box\n" }
    code += "struct Factory: HolderFactory {\n"
    for maker in makers { code += "    func make\(maker.type)(\(maker.parameters)) -> \(maker.type) { Box(\"\(maker.type)\") }\n" }
    code += "    func release(_ holder: Holder) {}\n}\n"
    return code + "print(HolderRegistry(factory: Factory()).\(sampleAccessor).name)\n"
}

/// The Kotlin of `swiftApp`, in the generated package.
private func kotlinApp(_ makers: [(type: String, parameters: String)], sampleRoute: String) -> String {
    var code = "package bench.routes\n\nclass Box(val name: String)\n"
    for maker in makers { code += "typealias \(maker.type) = Box\n" }
    code += "class Factory : HolderFactory {\n"
    for maker in makers { code += "    override fun make\(maker.type)(\(maker.parameters)): \(maker.type) = Box(\"\(maker.type)\")\n" }
    code += "    override fun release(kind: HolderKind, holder: Any?) {}\n}\n\n"
    return code + "fun main() {\n    println(HolderRegistry(Factory()).holder(\(sampleRoute)).name)\n}\n"
}

/// The text of a file the benchmark wrote or generated.
private func readText(_ path: String) -> String {
    guard case .success(let bytes) = DiskFileSystem.read(path) else {
        fail("routelint-bench: cannot read \(path)\n")
        exit(1)
    }
    return String(decoding: bytes, as: UTF8.self)
}
