import StrataContainer
import StrataCrossCutting
import StrataDomain

/// One follow-up as the list showed it (Enter on its row, or `show N`): each field on its own
/// line; `done` marks it done and goes back to the list.
struct FollowUpDetailScreen: TextScreen {
    let followUp: FollowUp
    let list: FollowUpsScreen

    func render() async -> [String] {
        [
            localized("Follow-up", ja: "フォローアップ"),
            FollowUpText.detail(followUp, calendar: list.services.clock.calendar),
            "",
            ScreenCommand.typeLine("done · \(ScreenCommand.commonHelp)"),
        ]
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "", "refresh": return .stay
        case "done":
            guard let id = followUp.objectId else { return .back }
            if case .message(let text) = await list.complete(id) { list.flash(text) }
            return .back
        default:
            return ScreenCommand.unknown(input)
        }
    }
}
