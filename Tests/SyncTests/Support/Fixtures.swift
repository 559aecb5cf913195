import Foundation
import Logging
import StrataCrossCutting
import StrataTestSupport

/// A fresh container directory under the system temp folder (not yet created).
func temporaryContainer() -> ContainerDirectory {
    ContainerDirectory(url: TemporaryRoot.directory("strata-sync"))
}

/// A logger that drops everything (tests assert on errors, not logs).
let quietLogger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
