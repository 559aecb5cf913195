// strata-server: the sync server. Everything but choosing implementations lives in
// StrataServerKit; CompositionRoot.swift is the one place that picks them.
import Foundation
import StrataServerKit

exit(await StrataServerCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), makeServices: CompositionRoot.makeServices))
