import Foundation
@testable import StrataLayering
import Testing

/// The data layer's four vocabulary modules hold protocols and value types only: every
/// implementation of them lives in `StrataData`, behind `DataLayerFactory`. A vocabulary module
/// that imported SQLite, or declared a hidden type implementing its protocols, would be a second
/// implementation module a layer above could reach without the factory.
@Suite("The data layer's vocabulary modules stay free of implementations")
struct DataVocabularyTests {
    /// StrataStore, StrataJournal, StrataSession and StrataMaintenance.
    static let vocabularyModules = ["StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance"]

    /// What makes a vocabulary module's file an implementation: an import of SQLite or of
    /// `StrataData`, or a non-public type conforming to a protocol of the vocabulary
    /// (`protocols`), in its declaration or through an extension. One line per finding.
    static func implementationFindings(path: String, source: String, protocols: Set<String>) -> [String] {
        var findings = ImportScanner.imports(in: source)
            .filter { ["CSQLite", "StrataData"].contains($0.module) }
            .map { "\(path): imports \($0.module)" }
        let declarations = DeclarationScanner.declarations(in: source)
        let hidden = Set(
            declarations.filter { ["struct", "class", "enum", "actor"].contains($0.introducer) && !$0.isPublic }
                .map(\.qualifiedName))
        for declaration in declarations {
            let implemented = Set(declaration.inheritance).intersection(protocols)
            guard !implemented.isEmpty else { continue }
            let isHiddenType = hidden.contains(declaration.qualifiedName)
            if isHiddenType || (declaration.introducer == "extension" && hidden.contains(declaration.name)) {
                let names = implemented.sorted().joined(separator: ", ")
                findings.append("\(path):\(declaration.line): \(declaration.name) is not public and implements \(names)")
            }
        }
        return findings
    }

    @Test("no vocabulary module imports CSQLite or StrataData, or hides a type implementing a vocabulary protocol")
    func vocabularyModulesHoldNoImplementation() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        var sources: [(path: String, source: String)] = []
        for module in Self.vocabularyModules {
            let target = try #require(package.target(named: module), "Package.swift lacks \(module)")
            let files = SourceFiles.swiftFiles(of: target, root: root)
            #expect(!files.isEmpty, "\(module) has no Swift files: a clean result would mean nothing")
            for path in files {
                sources.append((path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        let protocols = Set(
            sources.flatMap { DeclarationScanner.declarations(in: $0.source) }.filter { $0.introducer == "protocol" }.map(\.name))
        #expect(protocols.isSuperset(of: ["ValueObjectStore", "ChangeJournal", "SessionStore", "StoreMaintenance"]))
        let findings = sources.flatMap { Self.implementationFindings(path: $0.path, source: $0.source, protocols: protocols) }
        #expect(
            findings.isEmpty,
            "implementations belong in StrataData (internal, behind DataLayerFactory):\n\(findings.joined(separator: "\n"))")
    }

    @Test("a planted SQLite import and a hidden implementing type are both found")
    func plantedImplementationIsFound() {
        let source = """
            import CSQLite
            public protocol ValueObjectStore: Sendable {}
            public struct Query: Sendable {}
            struct SQLiteStore: ValueObjectStore {}
            final class Cache {}
            extension Cache: ValueObjectStore {}
            """
        let findings = Self.implementationFindings(path: "Planted.swift", source: source, protocols: ["ValueObjectStore"])
        #expect(findings.count == 3, "\(findings)")
        #expect(findings.contains("Planted.swift: imports CSQLite"))
        #expect(findings.contains { $0.contains("SQLiteStore is not public") })
        #expect(findings.contains { $0.contains("Cache is not public") })
    }
}
