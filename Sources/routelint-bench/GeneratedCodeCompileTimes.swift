import RouteLintRuns
import RouteLintCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `routelint-bench --codegen`: how long the compilers take over the code `routelint generate`
/// writes for apps of 500, 1,000 and 2,000 routes with a holder each, holders named, in two
/// shapes (every route's id a string; the ids of every third tab's routes an `int`, with query
/// items): `swiftc -swift-version 6 -O -wmo` and Kotlin 2's `kotlinc -Werror` (the smallest
/// heap of 256 MB, 512 MB and 1 GB it fits in), each with the smallest app the code needs, a
/// factory that makes every holder and a `main` that asks for one through its typed accessor
/// (Swift: and for a route's through the general accessor, as an app's navigation does). The
/// Swift compiles twice: public, as a module of its own is generated, and `--access internal`,
/// as code compiled into the app's own target is (the build-tool plugin's way). The Kotlin compiler
/// is `ROUTELINT_KOTLINC`, else the one `scripts/kotlin-toolchain` sets up in `.build/kotlin`,
/// else `kotlinc` on the path. The Kotlin is `@Serializable`, compiled with kotlinx.serialization's
/// plugin and runtime, where they are beside the compiler (`scripts/kotlin-toolchain`); else it
/// is generated with `--serialization none`.
///
/// Beside each cold `kotlinc`, the same compilation warm: run again in one JVM that has just
/// made it, as Gradle's Kotlin daemon runs every build after its first (`WarmKotlinCompiler`).
/// A cold run on 2 cores spends much of its time making the compiler itself fast (the JVM's JIT
/// compilers beside it); the warm one is what the code costs to compile.
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
    let warmHarness = WarmKotlinCompiler(library: library, compiler: kotlinCompiler, workspace: workspace)
    print(
        "| routes | typed | holders | Swift lines | swiftc -O -wmo s | internal s | Kotlin lines | kotlinc -Werror s | warm s | kotlinc peak RSS MB |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    var swiftTimes: [Int: Double] = [:]
    func compile(size: Int, typed: Bool) {
        let directory = "\(workspace)/codegen-\(size)\(typed ? "-typed" : "")"
        makeDirectory(directory)
        var generator = RouteSetGenerator(routeCount: size)
        generator.holderPerRoute = true
        generator.typedThird = typed
        for file in generator.files(routesPerFile: nil) { write(file.text, to: "\(directory)/\(file.name)") }
        let manifest = "\(directory)/app.routes.yaml"
        for (language, folder, options) in [
            ("swift", "swift", []), ("swift", "swift-internal", ["--access", "internal"]),
            ("kotlin", "kotlin", serializes ? [] : ["--serialization", "none"]),
        ] {
            let generated = runCommand(
                binary,
                ["generate", language, manifest, "--output", "\(directory)/\(folder)", "--holder-types", "named"]
                    + (language == "kotlin" ? ["--package", "bench.routes"] : []) + options)
            guard generated.status == 0 else {
                fail("routelint-bench: generate \(language) \(options.joined(separator: " ")) failed for \(size) routes\n")
                exit(1)
            }
        }
        let swift = "\(directory)/swift"
        let makers = factoryMethods(readText("\(swift)/Holders.swift"), prefix: "    func make", returnMarker: " -> ")
        let swiftFiles = ["Routes.swift", "Holders.swift", "RouteRuntime.swift"]
        let swiftArguments = ["swiftc", "-swift-version", "6", "-O", "-wmo"] + swiftFiles + ["main.swift", "-o", "app"]
        let compiled = [swift, "\(directory)/swift-internal"].map { folder in
            write(swiftApp(makers, sampleAccessor: "a0T0RootHolder()", sampleCase: "tabHolder00"), to: "\(folder)/main.swift")
            return runCommandIn(folder, "/usr/bin/env", swiftArguments)
        }
        let (swiftc, internalSwiftc) = (compiled[0], compiled[1])
        let kotlin = "\(directory)/kotlin"
        let kotlinMakers = factoryMethods(readText("\(kotlin)/Holders.kt"), prefix: "    fun make", returnMarker: ": ")
        write(kotlinApp(kotlinMakers, sampleRoute: "Route.A0T0Root"), to: "\(kotlin)/Main.kt")
        let kotlinFiles = ["Routes.kt", "Holders.kt", "RouteRuntime.kt"] + (serializes ? ["RouteSerializers.kt"] : [])
        let serialization = serializes ? ["-Xplugin=" + plugin, "-cp", runtime.joined(separator: ":")] : []
        // kotlinc's script gives the JVM 256 MB; a module past it fails with OutOfMemoryError,
        // so measure it again with more and say so.
        var kotlinc = MeasuredRun(seconds: 0, peakBytes: 0, pageFaults: 0, status: 1)
        var heap = ""
        var heapMegabytes = 256
        let kotlinArguments = ["-Werror"] + serialization + kotlinFiles + ["Main.kt", "-d", "app.jar"]
        for megabytes in [256, 512, 1_024] where kotlinc.status != 0 {
            kotlinc = runCommandIn(kotlin, "/usr/bin/env", ["JAVA_OPTS=-Xmx\(megabytes)m -Xss2m", kotlinCompiler] + kotlinArguments)
            heap = megabytes == 256 ? "" : " (\(megabytes) MB heap)"
            heapMegabytes = megabytes
        }
        let warm = warmHarness?.seconds(kotlinArguments, in: kotlin, heapMegabytes: heapMegabytes)
        guard swiftc.status == 0, internalSwiftc.status == 0, kotlinc.status == 0 else {
            fail(
                "routelint-bench: the generated code of \(size) routes did not compile (swiftc \(swiftc.status), internal "
                    + "\(internalSwiftc.status), kotlinc \(kotlinc.status))\n")
            exit(1)
        }
        if !typed { swiftTimes[size] = swiftc.seconds }
        let lines = { (directory: String, files: [String]) in
            files.reduce(0) { $0 + readText("\(directory)/\($1)").split(separator: "\n").count }
        }
        print(
            "| \(grouped(size)) | \(typed ? "a third" : "none") | \(grouped(makers.count)) | \(grouped(lines(swift, swiftFiles))) | \(format(swiftc.seconds, digits: 1)) "
                + "| \(format(internalSwiftc.seconds, digits: 1)) "
                + "| \(grouped(lines(kotlin, kotlinFiles))) | \(format(kotlinc.seconds, digits: 1))\(heap) "
                + "| \(warm.map { format($0, digits: 1) } ?? "–") | \(megabytes(kotlinc.peakBytes)) |"
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

/// A small JVM program that runs the Kotlin compiler several times over the same arguments in
/// one process and writes each run's seconds: the compiler warm, as a build daemon keeps it.
private struct WarmKotlinCompiler {
    /// The class path of the compiler and the program.
    let classPath: String
    /// The compiler's home, which it reads its standard library from.
    let home: String
    /// How many times the compiler runs: the first is cold, and the JIT still improves the
    /// compiler over the second.
    static let rounds = 3

    /// The program compiled with `compiler` into `workspace`; nil, with a note, where the
    /// compiler's jar is not in `library` (a `kotlinc` of another layout) or it does not compile.
    init?(library: String, compiler: String, workspace: String) {
        let compilerJar = library + "/kotlin-compiler.jar"
        let standardLibrary = library + "/kotlin-stdlib.jar"
        guard access(compilerJar, R_OK) == 0, access(standardLibrary, R_OK) == 0 else {
            print("Warm kotlinc: not measured (no \(compilerJar))\n")
            return nil
        }
        let directory = "\(workspace)/warm-kotlinc"
        makeDirectory(directory)
        write(
            """
            import java.io.File
            import org.jetbrains.kotlin.cli.common.ExitCode
            import org.jetbrains.kotlin.cli.jvm.K2JVMCompiler

            /** Compiles `args[2...]` `args[1]` times in this JVM; writes each run's seconds to `args[0]`. */
            fun main(args: Array<String>) {
                val times = (1..args[1].toInt()).map {
                    val started = System.nanoTime()
                    val code = K2JVMCompiler().exec(System.err, *args.drop(2).toTypedArray())
                    if (code != ExitCode.OK) kotlin.system.exitProcess(1)
                    (System.nanoTime() - started) / 1e9
                }
                File(args[0]).writeText(times.joinToString("\\n"))
            }

            """, to: "\(directory)/Warm.kt")
        let built = runCommandIn(directory, compiler, ["-cp", compilerJar, "Warm.kt", "-d", "warm.jar"])
        guard built.status == 0 else {
            print("Warm kotlinc: not measured (the program that runs it did not compile)\n")
            return nil
        }
        classPath = [compilerJar, standardLibrary, "\(directory)/warm.jar"].joined(separator: ":")
        home = FilePath.parent(of: library)
    }

    /// The least seconds of the compiler's runs after the first, over `arguments` in `directory`;
    /// nil when a run failed.
    func seconds(_ arguments: [String], in directory: String, heapMegabytes: Int) -> Double? {
        let times = "\(directory)/warm-seconds.txt"
        let run = runCommandIn(
            directory, "/usr/bin/env",
            ["java", "-Xmx\(heapMegabytes)m", "-Xss2m", "-cp", classPath, "WarmKt", times, String(Self.rounds), "-kotlin-home", home]
                + arguments)
        guard run.status == 0, case .success(let bytes) = DiskFileSystem.read(times) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().compactMap { Double($0) }.min()
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

/// The smallest Swift app of named holders: every holder type an alias of one class, a holder
/// asked for through a typed accessor and through the general one.
private func swiftApp(_ makers: [(type: String, parameters: String)], sampleAccessor: String, sampleCase: String) -> String {
    var code = "final class Box {\n    let name: String\n    init(_ name: String) { self.name = name }\n}\n"
    for maker in makers { code += "typealias \(maker.type) = Box\n" }
    code += "struct Factory: HolderFactory {\n"
    for maker in makers { code += "    func make\(maker.type)(\(maker.parameters)) -> \(maker.type) { Box(\"\(maker.type)\") }\n" }
    code += "    func release(_ holder: Holder) {}\n}\n"
    // Through a typed accessor, and through the general one as an app's navigation does: the
    // optimiser then keeps every holder's code, which one typed accessor alone lets it drop.
    return code + """
        let registry = HolderRegistry(factory: Factory())
        print(registry.\(sampleAccessor).name)
        if let route = Route(path: CommandLine.arguments.dropFirst().first ?? "/"), case .\(sampleCase)(let holder) = registry.holder(for: route) {
            print(holder.name)
        }

        """
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
