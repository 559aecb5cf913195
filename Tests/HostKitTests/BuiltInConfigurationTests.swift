import Foundation
import StrataContainer
import StrataCrossCutting
import StrataHostKit
import Testing

/// The built-in configuration is built in code (a one-shot command no longer parses a property
/// list on every start); the property list the documentation shows must still say the same.
@Suite("strata-host's built-in configuration")
struct BuiltInConfigurationTests {
    @Test("the configuration a command boots equals its property list decoded, in each language", arguments: [
        MessageLanguage.english, .japanese,
    ])
    func builtInEqualsItsPropertyList(language: MessageLanguage) throws {
        try MessageLanguage.$current.withValue(language) {
            let decoded = try ContainerConfiguration.decode(
                Data(HostConfiguration.propertyList.utf8), format: .propertyList, source: HostConfiguration.builtInSource)
            #expect(try HostConfiguration.load(path: nil) == decoded)
        }
    }
}
