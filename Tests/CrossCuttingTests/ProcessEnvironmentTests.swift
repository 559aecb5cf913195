import Foundation
import StrataCrossCutting
import Testing

@Suite("The process environment, read without ProcessInfo")
struct ProcessEnvironmentTests {
    @Test("it reads what ProcessInfo reads: every name and value of the test process")
    func sameAsProcessInfo() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test("a value containing '=' and an empty value are kept whole")
    func valuesWithEqualsSigns() {
        // Names unique to this test: the process's environment is shared by every test.
        setenv("STRATA_TEST_ENV_EQUALS", "a=b==c", 1)
        setenv("STRATA_TEST_ENV_EMPTY", "", 1)
        defer {
            unsetenv("STRATA_TEST_ENV_EQUALS")
            unsetenv("STRATA_TEST_ENV_EMPTY")
        }
        let environment = ProcessEnvironment.current()
        #expect(environment["STRATA_TEST_ENV_EQUALS"] == "a=b==c")
        #expect(environment["STRATA_TEST_ENV_EMPTY"] == "")
    }
}
