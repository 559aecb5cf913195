import Testing

/// The declaration scanner behind the public-surface rule.
@Suite("Declaration parsing: modifiers, attributes and public extensions")
struct DeclarationScannerTests {
    private func publicTypes(_ source: String) -> [String] {
        DeclarationScanner.publicDeclarations(in: source)
            .filter { ["class", "actor", "struct", "enum", "protocol", "typealias"].contains($0.introducer) }
            .map { "\($0.access) \($0.introducer) \($0.name)" }
    }

    @Test("modifiers and attributes in front of a declaration are read, whatever their order")
    func modifiersAndAttributes() {
        let source = """
            public final class A {}
            @MainActor public final class B {}
            @_spi(Testing) public class C {}
            final public class D {}
            open class E {}
            public actor F {}
            nonisolated public struct G {}
            @available(macOS 15, *) public enum H {}
            """
        #expect(publicTypes(source) == [
            "public class A", "public class B", "public class C", "public class D", "open class E",
            "public actor F", "public struct G", "public enum H",
        ])
        let spi = DeclarationScanner.publicDeclarations(in: source)[2]
        #expect(spi.attributes == ["_spi(Testing)"] && spi.line == 3)
    }

    @Test("internal, private and setter-only access are not public")
    func nonPublicAccess() {
        let source = """
            final class Internal {}
            private class Hidden {}
            fileprivate actor Local {}
            package final class Shared {}
            public struct Row {
                public private(set) var name: String
                private(set) public var id: Int
                class Nested {}
            }
            """
        let found = DeclarationScanner.publicDeclarations(in: source)
        #expect(found.map(\.name) == ["Row", "name", "id"])
    }

    @Test("members of a public extension are public unless they say otherwise")
    func publicExtensionMembers() {
        let source = """
            public extension Row where Element: Sendable {
                final class Cursor {}
                internal final class Buffer {}
                func helper() {
                    final class LocalToTheFunction {}
                }
            }
            extension Row {
                final class NotPublic {}
            }
            """
        let found = DeclarationScanner.publicDeclarations(in: source)
        #expect(found.map(\.name) == ["Row", "Cursor", "helper"])
        #expect(found[1].inheritsAccessFromExtension && found[1].line == 2)
    }

    @Test("`class func` is a member, and `open` as a name is not a modifier")
    func classAndOpenAsOtherWords() {
        let source = """
            extension Base {
                public class func make() -> Base { Base() }
                public static func open(_ url: String) {}
            }
            enum Mode { case open
                final class Inside {} }
            let mode = Mode.open
            """
        let found = DeclarationScanner.publicDeclarations(in: source)
        #expect(found.map { "\($0.introducer) \($0.name)" } == ["func make", "func open"])
    }

    @Test("declarations inside comments and strings are ignored")
    func commentsAndStrings() {
        let source = #"""
            // public class InComment {}
            /* public actor InBlock {} */
            let text = "public final class InString {}"
            let more = """
                open class InMultiLine {}
                """
            public protocol Real {}
            """#
        #expect(publicTypes(source) == ["public protocol Real"])
    }
}
