import Foundation
import StrataCrossCutting

/// The BootLoader's stages, in the seed's order (article `004_*`).
public enum BootStage: String, Sendable, Hashable, Codable, CaseIterable {
    /// 1. Set up the screen (the seed's window): prepare the terminal.
    case setUpScreen
    /// 2. Create the main navigation stack.
    case createNavigationStack
    /// 3. Run the run-once services that must start first (`startsFirst`).
    case startFirstServices
    /// 4. Start every other non-lazy service.
    case startEagerServices
    /// 5. Start the service groups listed under `[AUTOSTART]` in the services map.
    case startAutostartGroups
    /// 6. Show the screen.
    case showScreen
    /// 7. Start the Launcher micro-app (the home screen).
    case startLauncher
}

/// What the BootLoader did and how long each part took; a host prints it as JSON.
///
/// Times are milliseconds from the start of the boot, measured with the monotonic clock.
public struct BootReport: Sendable, Hashable, Codable {
    /// One stage and how long it took.
    public struct StageTiming: Sendable, Hashable, Codable {
        /// The stage.
        public var stage: BootStage
        /// When it began, in ms since the boot began.
        public var startMilliseconds: Double
        /// How long it took, in ms.
        public var durationMilliseconds: Double
    }

    /// One service and its state.
    public struct ServiceEntry: Sendable, Hashable, Codable {
        /// The service's name.
        public var name: String
        /// Whether it is declared lazy.
        public var lazy: Bool
        /// Where it is now.
        public var state: ServiceState
        /// When its `start` began, in ms since the boot began (`nil` if never started).
        public var startMilliseconds: Double?
        /// How long `start` took, in ms.
        public var durationMilliseconds: Double?
        /// The error `start` threw, as text.
        public var error: String?
    }

    /// The stages run, in order.
    public var stages: [StageTiming] = []
    /// Every declared or registered service, in declaration order.
    public var services: [ServiceEntry] = []
    /// The whole boot, in ms (zero until the boot is complete).
    public var totalMilliseconds: Double = 0
    /// The number of micro-apps declared.
    public var applicationCount: Int = 0

    /// Creates an empty report.
    public init() {}

    /// The report as pretty-printed JSON with sorted keys.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// One line per stage and a total, for people.
    public var summaryLines: [String] {
        var lines = stages.map { stage in
            "\(stage.stage.rawValue): \(Self.format(stage.durationMilliseconds)) ms"
        }
        let started = services.filter { $0.state == .started }.count
        lines.append(
            localized(
                "services: \(started) started of \(services.count); micro-apps: \(applicationCount)",
                ja: "サービス: \(services.count) 件中 \(started) 件開始、マイクロアプリ: \(applicationCount)"))
        lines.append(localized("total: \(Self.format(totalMilliseconds)) ms", ja: "合計: \(Self.format(totalMilliseconds)) ms"))
        return lines
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.3f", milliseconds)
    }
}
