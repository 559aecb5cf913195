/// The parts of a SARIF 2.1.0 log `--format sarif` writes (property names as the OASIS schema
/// spells them; `nil` properties are left out).
struct SARIFLog: Encodable {
    struct Text: Encodable {
        let text: String
    }

    struct Rule: Encodable {
        struct Configuration: Encodable {
            let level: String
        }

        let id: String
        let shortDescription, fullDescription, help: Text
        let defaultConfiguration: Configuration
    }

    struct Driver: Encodable {
        let name, version, informationUri: String
        let rules: [Rule]
    }

    struct Tool: Encodable {
        let driver: Driver
    }

    struct ArtifactLocation: Encodable {
        let uri, uriBaseId: String
    }

    struct Region: Encodable {
        let startLine: Int
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
    }

    struct Suppression: Encodable {
        let kind, justification: String
    }

    struct ResultProperties: Encodable {
        let fix: String
        let target, subject: String?
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
        let partialFingerprints: [String: String]
        let baselineState: String?
        let suppressions: [Suppression]?
        let properties: ResultProperties
    }

    struct Notification: Encodable {
        let level: String
        let message: Text
    }

    struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]?
    }

    struct BaseLocation: Encodable {
        let description: Text
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: BaseLocation]
        let invocations: [Invocation]
        let results: [Result]
    }

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    let version = "2.1.0"
    let runs: [Run]
}
