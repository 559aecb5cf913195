import Foundation
import StrataContainer
import StrataCrossCutting

/// The home screen: who is signed in, the micro-apps the configuration declares, numbered,
/// and those running now.
///
/// Typing a number or a name starts that micro-app, or brings its running instance back to the
/// top: that is how a person switches between running apps.
struct LauncherScreen: TextScreen {
    let ownName: String
    let context: any ContainerContext

    /// The micro-apps a person can open (every declared one but the Launcher).
    func applications() async -> [ApplicationDescriptor] {
        await context.declaredApplications.filter { $0.name != ownName }
    }

    func render() async -> [String] {
        let apps = await applications()
        let running = await context.applicationStack.filter { $0.name != ownName }
        var table = TextTable(headers: ["#", "MICRO-APP", "WHAT IT DOES"], alignments: [.right])
        table.rows = apps.enumerated().map { index, app in
            let badge = running.contains { $0.name == app.name } ? " (running)" : ""
            return [String(index + 1), app.name + badge, app.description]
        }
        var lines = ["Strata \(StrataConstants.version) — home"]
        if let signedIn = await signedInLine() { lines.append(signedIn) }
        lines.append("")
        lines.append(apps.isEmpty ? "No micro-apps are declared." : table.render())
        lines.append("")
        lines.append("Running: " + (running.isEmpty ? "none" : running.map(\.name).joined(separator: ", ")))
        lines.append("Type a number or a name to open an app (or switch back to it) · quit")
        return lines
    }

    /// `Signed in as sigrid (Ward 1 (lead))` or `Not signed in`, from the container's
    /// login-state service; `nil` when the host has none.
    func signedInLine() async -> String? {
        guard let session = await context.findService(SessionServiceFactory.serviceName) as? any SessionService else {
            return nil
        }
        do {
            guard let user = try await session.currentUser() else { return "Not signed in (open Account to sign in)" }
            return "Signed in as \(user.account)" + (user.groups.isEmpty ? "" : " (\(user.groupsText))")
        } catch {
            return "Signed in as: unknown (\(error))"
        }
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        switch command.word {
        case "": return .stay
        case "quit", "q", "exit": return .quit
        case "home", "h": return .stay
        default: break
        }
        let apps = await applications()
        let typed = input.trimmingCharacters(in: .whitespaces).lowercased()
        let chosen: ApplicationDescriptor?
        if let number = Int(typed) {
            chosen = number >= 1 && number <= apps.count ? apps[number - 1] : nil
        } else {
            chosen = apps.first { $0.name.lowercased() == typed } ?? apps.first { $0.name.lowercased().hasPrefix(typed) }
        }
        guard let chosen else {
            return .message(
                "No micro-app '\(ScreenCommand.printable(input))': type a number from 1 to \(apps.count), a name, or quit.")
        }
        do {
            try await context.startApplication(chosen.name, params: [:], launchMode: .bringToTop)
            return .stay
        } catch {
            return .message("Cannot open \(chosen.name): \(error)")
        }
    }
}
