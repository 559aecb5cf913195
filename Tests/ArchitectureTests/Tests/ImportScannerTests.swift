@testable import StrataLayering
import Testing

/// The tokenizer and the import scanner: an import is found only where it is real code.
@Suite("Import parsing: comments, strings, #if branches, attributes and line numbers")
struct ImportScannerTests {
    private func modules(_ source: String) -> [String] {
        ImportScanner.imports(in: source).map(\.module)
    }

    @Test("an import inside a line, block or nested block comment is ignored")
    func commentsHideNothing() {
        let source = """
            // import LineComment
            /* import BlockComment
               /* import Nested */ import StillInside
            */
            /// import DocComment
            import Real
            """
        #expect(modules(source) == ["Real"])
    }

    @Test("an import inside a string, multi-line string, raw string or interpolation is ignored")
    func stringsHideNothing() {
        let source = #"""
            let a = "import Plain \" import Escaped"
            let b = """
                import MultiLine \(value("import Interpolated"))
                """
            let c = #"import Raw "quoted" \(notInterpolated)"#
            let d = ##"import DoubleRaw "# still inside"##
            let e = #/import Regex/#
            import Real
            """#
        let found = ImportScanner.imports(in: source)
        #expect(found.map(\.module) == ["Real"])
        #expect(found.first?.line == 8)
    }

    @Test("imports in every #if, #elseif and #else branch are counted and marked conditional")
    func everyBranchCounts() {
        let source = """
            #if canImport(FoundationEssentials)
            import FoundationEssentials
            #elseif os(Linux)
            import Glibc
            #else
            import Foundation
            #endif
            import After
            """
        let found = ImportScanner.imports(in: source)
        #expect(found.map(\.module) == ["FoundationEssentials", "Glibc", "Foundation", "After"])
        #expect(found.map(\.isConditional) == [true, true, true, false])
        #expect(found.map(\.line) == [2, 4, 6, 8])
    }

    @Test("attributes and access levels before import are recorded, and the module is still found")
    func attributesAndAccessLevels() {
        let source = """
            @testable import A
            @_spi(Testing) import B
            @preconcurrency import C
            @_exported import D
            public import E
            package import F
            internal import G
            private import H
            fileprivate import I
            @_spi(Testing) @testable public import J
            """
        let found = ImportScanner.imports(in: source)
        #expect(found.map(\.module) == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"])
        #expect(found[0].attributes == ["testable"])
        #expect(found[1].attributes == ["_spi(Testing)"])
        #expect(found[2].attributes == ["preconcurrency"])
        #expect(found.map(\.accessLevel) == [
            nil, nil, nil, nil, "public", "package", "internal", "private", "fileprivate", "public",
        ])
        #expect(found[9].attributes == ["_spi(Testing)", "testable"])
    }

    @Test("a scoped import or a submodule import names the top-level module")
    func kindsAndSubmodules() {
        let found = ImportScanner.imports(in: """
            import struct Foundation.Date
            import func Glibc.exit
            import A.B.C
            """)
        #expect(found.map(\.module) == ["Foundation", "Glibc", "A"])
        #expect(found.map(\.kind) == ["struct", "func", nil])
        #expect(found[2].path == ["A", "B", "C"])
    }

    @Test("the word import as a member, an argument label or an escaped name is not an import")
    func importWordsThatAreNotImports() {
        let source = """
            let x = settings.import
            run(import: true)
            let `import` = 1
            import Real
            """
        #expect(modules(source) == ["Real"])
    }

    @Test("line numbers count newlines inside comments and multi-line strings")
    func lineNumbersSurviveLiterals() {
        let source = #"""
            /*
             several
             lines
            */
            let text = """
                one
                two
                """
            import Fourth
            """#
        #expect(ImportScanner.imports(in: source).map(\.line) == [9])
    }

    @Test("a #! line and an unterminated string do not derail the tokenizer")
    func recoversFromOddInput() {
        let source = """
            #!/usr/bin/env swift
            let broken = "no closing quote
            import Next
            """
        #expect(ImportScanner.imports(in: source).map(\.line) == [3])
    }
}
