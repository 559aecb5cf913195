import StrataContainer
import StrataCrossCutting
import StrataDomain

/// One announcement in full, as read when it was opened.
struct AnnouncementDetailScreen: TextScreen {
    let announcement: Announcement

    func render() async -> [String] {
        AnnouncementText.detail(announcement) + [
            "", localized("Type: \(ScreenCommand.commonHelp)", ja: "入力: \(ScreenCommand.commonHelp)"),
        ]
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        return command.word.isEmpty ? .stay : ScreenCommand.unknown(input)
    }
}
