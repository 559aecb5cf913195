import Foundation
import Testing

/// "Typed access to services": a micro-app, a kit or a host finds a container service through
/// its `ServiceKey` (`context.service(.domain)`), never by a name and a cast
/// (`context.service("domain", as: (any DomainServices).self)`). The named lookup stays in
/// StrataContainer, which implements the keys on it, and its tests.
@Suite("Service lookups: by typed key outside the container, never by name and cast")
struct TypedServiceLookupTests {
    /// Where a lookup by name is the container's own business.
    static let exempt = ["Modules/Container/", "Modules/ContainerTesting/"]

    /// `service(` and its first argument (which may hold one pair of parentheses) followed by
    /// `, as:` on one line: a lookup by name and type.
    static var namedLookup: Regex<Substring> { /service\((?:[^()]|\([^()]*\))*,\s*as:/ }

    /// The lines of `text` (comments too: they teach) that look a service up by name.
    static func namedLookups(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.contains(namedLookup) ? "\(index + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test("the pattern finds a named lookup in code and in a comment, and not a typed one")
    func patternFindsNamedLookups() {
        #expect(Self.namedLookups(in: #"let d = try await context.service("domain", as: (any DomainServices).self)"#).count == 1)
        #expect(Self.namedLookups(in: #"/// (`context.service(SessionServiceFactory.serviceName, as: (any SessionService).self)`)"#).count == 1)
        #expect(Self.namedLookups(in: "let d = try await context.service(.domain)").isEmpty)
        #expect(Self.namedLookups(in: "let s: (any SessionService)? = try? await context.service(.session)").isEmpty)
    }

    @Test("no file of Modules/ or Hosts/ outside StrataContainer looks a service up by name and cast")
    func noNamedLookupsOutsideTheContainer() throws {
        let root = BlockingCallTests.root
        var found: [String] = []
        for folder in ["Modules", "Hosts"] {
            let base = root.appendingPathComponent(folder, isDirectory: true)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                guard !Self.exempt.contains(where: path.hasPrefix) else { continue }
                found += Self.namedLookups(in: try String(contentsOf: url, encoding: .utf8)).map { "\(path):\($0)" }
            }
        }
        #expect(found.isEmpty, "use the service's ServiceKey (context.service(.name)) instead:\n\(found.joined(separator: "\n"))")
    }
}
