@testable import StrataLayering
import Testing

/// The declaration scanner behind the public-surface rule.
@Suite("Declaration parsing: modifiers, attributes, public extensions, inheritance and scope")
struct DeclarationScannerTests {
    private func publicTypes(_ source: String) -> [String] {
        DeclarationScanner.publicDeclarations(in: source)
            .filter { ["class", "actor", "struct", "enum", "protocol", "typealias"].contains($0.introducer) }
            .map { "\($0.access ?? "") \($0.introducer) \($0.name)" }
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

    @Test("inheritance clauses give the conformed names, without generics, constraints or attributes")
    func inheritanceClauses() {
        let source = """
            public struct Query<Object: ValueObject>: Sendable, Hashable where Object: Codable {}
            public struct Store: StrataData.ValueObjectStore, @unchecked Sendable, ~Copyable {}
            public enum Level: Int, CaseIterable {}
            extension DataError.Code: Service, Box<Int> where Element == Int {}
            public extension Row where Element: Sendable {}
            protocol Refined: AnyObject, Base & Other {}
            public struct Plain {}
            """
        let found = DeclarationScanner.declarations(in: source)
        #expect(found.map(\.inheritance) == [
            ["Sendable", "Hashable"], ["ValueObjectStore", "Sendable"], ["Int", "CaseIterable"],
            ["Service", "Box"], [], ["AnyObject", "Base", "Other"], [],
        ])
        #expect(found[3].name == "DataError.Code" && found[3].access == nil)
    }

    @Test("file scope, members and locals are told apart, with the enclosing types")
    func scopes() {
        let source = """
            public func free() {
                func local() {}
            }
            public let constant = 1
            public struct Outer {
                public struct Inner: Sendable {
                    public static func make() {}
                }
                public var computed: Int { let inAccessor = 1; return inAccessor }
            }
            extension Outer.Inner {
                public struct Deeper {}
            }
            """
        let found = DeclarationScanner.declarations(in: source)
        #expect(found.map(\.qualifiedName) == [
            "free", "local", "constant", "Outer", "Outer.Inner", "Outer.Inner.make", "Outer.computed", "inAccessor",
            "Outer.Inner", "Outer.Inner.Deeper",
        ])
        #expect(found.filter(\.isAtFileScope).map(\.name) == ["free", "constant", "Outer", "Outer.Inner"])
        #expect(found[1].enclosingTypes == nil && found[7].enclosingTypes == nil)
        #expect(found[5].enclosingTypes == ["Outer", "Inner"])
    }

    @Test("an @_spi attribute is recognised on a declaration")
    func spiAttribute() {
        let found = DeclarationScanner.declarations(in: "@_spi(Testing) public func hook() {}\npublic func plain() {}")
        #expect(found.map(\.isSPI) == [true, false])
    }
}
