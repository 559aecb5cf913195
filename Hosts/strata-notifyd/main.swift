// strata-notifyd: the notification-service extension. Hands its arguments to the kit's parser,
// then the process to the composition root. Docs/Notifications.md describes the inbox.
import Foundation
import StrataNotifyKit

switch NotifydCommand.launch(Array(CommandLine.arguments.dropFirst())) {
case .exit(let status, let standardOutput, let standardError):
    FileHandle.standardOutput.write(Data(standardOutput.utf8))
    FileHandle.standardError.write(Data(standardError.utf8))
    exit(status)
case .run(let options):
    exit(await CompositionRoot.run(options, environment: ProcessInfo.processInfo.environment))
}
