import StrataContainer
import StrataCrossCutting
import Testing

@Suite("ContainerError is a StrataError")
struct ContainerErrorTests {
    @Test("a verbose failure line names the container error's code, read through StrataError")
    func failureLineNamesTheCode() {
        let error: any Error = ContainerError(.unknownParameter, "strata://about: unknown parameter 'x'; accepted: format")
        #expect((error as? any StrataError)?.codeName == "unknownParameter")
        #expect(FailureLine.code(of: error) == "ContainerError.unknownParameter")
        #expect(
            FailureLine.line(program: "strata-host", error: error, verbose: true)
                == "strata-host: strata://about: unknown parameter 'x'; accepted: format [ContainerError.unknownParameter]")
    }
}
