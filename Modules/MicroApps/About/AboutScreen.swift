import Foundation
import StrataContainer
import StrataCrossCutting

/// The boot report and the services, for people.
struct AboutScreen: TextScreen {
    let context: any ContainerContext

    static func text(_ report: BootReport) -> [String] {
        var lines = [localized("Strata \(StrataConstants.version): boot report", ja: "Strata \(StrataConstants.version): 起動レポート"), ""]
        lines += report.summaryLines
        lines.append("")
        var table = TextTable(
            headers: [
                localized("SERVICE", ja: "サービス"), localized("STATE", ja: "状態"), localized("LAZY", ja: "遅延"),
                localized("STARTED AT", ja: "開始"), localized("TOOK", ja: "所要"),
            ],
            alignments: [.left, .left, .left, .right, .right])
        table.rows = report.services.map { service in
            [
                service.name, service.state.rawValue, service.lazy ? localized("yes", ja: "はい") : localized("no", ja: "いいえ"),
                service.startMilliseconds.map { String(format: "%.3f ms", $0) } ?? "-",
                service.durationMilliseconds.map { String(format: "%.3f ms", $0) } ?? "-",
            ]
        }
        lines.append(table.render())
        return lines
    }

    func render() async -> [String] {
        Self.text(await context.bootReport) + ["", ScreenCommand.typeLine(ScreenCommand.commonHelp)]
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        return command.word.isEmpty ? .stay : ScreenCommand.unknown(input)
    }
}
