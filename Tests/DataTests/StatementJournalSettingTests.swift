import StrataData
import Testing

/// What ``DataLayerFactory/prepareProcess()`` asks of SQLite. The behaviour itself runs in the
/// executables, which call it first (a test binary has used SQLite before any test starts);
/// `.ci/run` purges 20,000 objects through `strata-bench-scale`, which does too.
@Suite("the statement journal kept in memory")
struct StatementJournalSettingTests {
    @Test("it is more than SQLite's 64 KiB and fits one write of SQLite's Unix file layer (under 128 KiB): 4 MiB failed every statement that outgrew it as disk full")
    func fitsOneWrite() {
        let bytes = DataLayerFactory.statementJournalInMemory
        #expect(bytes > 64 << 10, "no gain over SQLite's own 64 KiB")
        // SQLite moves an outgrown statement journal to a file in one write of this size, and
        // `seekAndWriteFd` masks every write's length with 0x1ffff: 4 MiB became 0 bytes written,
        // then SQLITE_FULL.
        #expect(bytes <= 0x1ffff, "\(bytes) bytes cannot be written in one call")
    }
}
