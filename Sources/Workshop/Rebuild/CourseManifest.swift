import Foundation

/// The course's `Package.swift` as SwiftPM reads it (`swift package dump-package`): which targets
/// there are, where their folders are, and what each depends on. A rebuild keeps the course's own
/// manifest and only leaves out what the chapter's tests do not need, so this is all it must know.
package struct CourseManifest: Sendable, Equatable {
    package struct Target: Sendable, Equatable {
        package var name: String
        /// `regular`, `test`, `executable`, `system`…
        package var type: String
        /// Relative to the package, as the manifest says or SwiftPM's default.
        package var path: String
        package var targetDependencies: [String]
        /// The packages (by name, as the manifest writes them) whose products this target uses.
        package var packageDependencies: [String]
        /// Those products, by name, in the same order: `productDependencies[i]` is a product of
        /// `packageDependencies[i]`.
        package var productDependencies: [String] = []
        /// The files of its folder the target leaves out, relative to the folder.
        package var exclude: [String] = []
    }

    package var targets: [Target]
    /// The identity of each package dependency, in the manifest's order.
    package var dependencyIdentities: [String]

    package func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// `names` and every target they depend on, directly or not.
    package func closure(of names: [String]) -> Set<String> {
        var seen: Set<String> = []
        var pending = names
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let target = target(named: name) else { continue }
            pending += target.targetDependencies
        }
        return seen
    }

    /// The indices, in `dependencyIdentities`, of the packages whose products `targets` use.
    package func dependencyIndices(for targets: Set<String>) -> [Int] {
        let used = Set(
            self.targets.filter { targets.contains($0.name) }.flatMap(\.packageDependencies).map { $0.lowercased() })
        return dependencyIdentities.indices.filter { used.contains(dependencyIdentities[$0]) }
    }

    /// Reads `swift package dump-package` of the package at `root`. SwiftPM takes two or three
    /// seconds to answer, and every rebuild command asks, so the answer is kept in `.build` next to
    /// a copy of the manifest it came from, and asked again only when `Package.swift` has changed.
    package static func load(packageAt root: URL) throws -> CourseManifest {
        let manifestText = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let cache = root.appendingPathComponent(".build/workshop/package-dump")
        if let manifestText,
            let cached = try? String(contentsOf: cache.appendingPathExtension("swift"), encoding: .utf8),
            cached == manifestText, let dump = try? Data(contentsOf: cache.appendingPathExtension("json")),
            let manifest = try? decode(dump)
        {
            return manifest
        }
        let result = try Shell.run(["swift", "package", "--package-path", root.path, "dump-package"], in: root)
        guard result.succeeded, let start = result.output.firstIndex(of: "{") else {
            throw WorkshopError(
                "`swift package dump-package` could not read \(root.path)/Package.swift:\n\(result.output.suffix(2000))"
            )
        }
        let dump = Data(result.output[start...].utf8)
        let manifest = try decode(dump)
        if let manifestText {
            // Best effort: a course that cannot be written to is read again next time.
            try? FileManager.default.createDirectory(
                at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? dump.write(to: cache.appendingPathExtension("json"), options: .atomic)
            try? manifestText.write(to: cache.appendingPathExtension("swift"), atomically: true, encoding: .utf8)
        }
        return manifest
    }

    static func decode(_ data: Data) throws -> CourseManifest {
        let dump = try JSONDecoder().decode(Dump.self, from: data)
        let targets = dump.targets.map { target in
            let folder = target.type == "test" ? "Tests" : "Sources"
            var targetDependencies: [String] = []
            var packages: [String] = []
            var products: [String] = []
            for dependency in target.dependencies {
                if let name = dependency.byName?.first ?? dependency.target?.first, let name {
                    targetDependencies.append(name)
                }
                if let product = dependency.product, product.count > 1, let name = product[0], let package = product[1]
                {
                    packages.append(package)
                    products.append(name)
                }
            }
            return Target(
                name: target.name, type: target.type, path: target.path ?? "\(folder)/\(target.name)",
                targetDependencies: targetDependencies, packageDependencies: packages, productDependencies: products,
                exclude: target.exclude ?? [])
        }
        let identities = dump.dependencies.map { dependency in
            (dependency.sourceControl ?? dependency.fileSystem ?? dependency.registry)?.first?.identity ?? ""
        }
        return CourseManifest(targets: targets, dependencyIdentities: identities)
    }

    private struct Dump: Decodable {
        struct Target: Decodable {
            var name: String
            var type: String
            var path: String?
            var dependencies: [Dependency]
            var exclude: [String]?
        }

        /// `{"byName": ["X", null]}`, `{"target": ["X", null]}`, `{"product": ["NIOCore", "swift-nio", null, null]}`;
        /// the last element is a condition, an object when there is one, so only the strings are read.
        struct Dependency: Decodable {
            var byName: [String?]?
            var target: [String?]?
            var product: [String?]?

            private enum CodingKeys: String, CodingKey { case byName, target, product }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                func strings(_ key: CodingKeys, count: Int) throws -> [String?]? {
                    guard var list = try? container.nestedUnkeyedContainer(forKey: key) else { return nil }
                    return try (0..<count).map { _ in try list.decodeIfPresent(String.self) }
                }
                byName = try strings(.byName, count: 1)
                target = try strings(.target, count: 1)
                product = try strings(.product, count: 2)
            }
        }

        struct PackageReference: Decodable { var identity: String }

        struct PackageDependency: Decodable {
            var sourceControl: [PackageReference]?
            var fileSystem: [PackageReference]?
            var registry: [PackageReference]?
        }

        var targets: [Target]
        var dependencies: [PackageDependency]
    }
}
