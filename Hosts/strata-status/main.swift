// strata-status: the widget. Everything but choosing implementations lives in
// StrataStatusKit; CompositionRoot.swift is the one place that picks them.
import Foundation
import StrataStatusKit

exit(
    await StrataStatusCLI.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment,
        makeStatus: CompositionRoot.makeStatus
    ))
