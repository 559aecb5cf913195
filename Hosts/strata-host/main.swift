// strata-host: the containing app. The kit parses the command line and hands the process to
// the container (StrataContainer); CompositionRoot.swift is the one place that picks implementations.
import Foundation
import StrataHostKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let status = await StrataHostCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    terminal: isatty(STDIN_FILENO) == 1 ? .standard : .none,
    makeDomain: CompositionRoot.makeRuntime,
    makeStore: CompositionRoot.makeStoreMaintenance)
exit(status)
