// strata-host: the containing app. Everything but choosing implementations lives in
// StrataHostKit; CompositionRoot.swift is the one place that picks them.
import Foundation
import StrataHostKit

exit(
    StrataHostCLI.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment,
        makeDomain: CompositionRoot.makeRuntime
    ))
