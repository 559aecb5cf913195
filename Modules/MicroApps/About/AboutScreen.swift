import Foundation
import StrataContainer
import StrataCrossCutting

/// The boot report and the services, for people.
struct AboutScreen: TextScreen {
    let context: any ContainerContext

    static func text(_ report: BootReport) -> [String] {
        var lines = ["Strata \(StrataConstants.version): boot report", ""]
        lines += report.summaryLines
        lines.append("")
        var table = TextTable(headers: ["SERVICE", "STATE", "LAZY", "STARTED AT", "TOOK"], alignments: [.left, .left, .left, .right, .right])
        table.rows = report.services.map { service in
            [
                service.name, service.state.rawValue, service.lazy ? "yes" : "no",
                service.startMilliseconds.map { String(format: "%.3f ms", $0) } ?? "-",
                service.durationMilliseconds.map { String(format: "%.3f ms", $0) } ?? "-",
            ]
        }
        lines.append(table.render())
        return lines
    }

    func render() async -> [String] {
        Self.text(await context.bootReport) + ["", "Type: \(ScreenCommand.commonHelp)"]
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        return command.word.isEmpty ? .stay : ScreenCommand.unknown(input)
    }
}
