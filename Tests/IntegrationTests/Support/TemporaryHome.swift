import Foundation
import StrataTestSupport

/// A fresh temporary `STRATA_HOME` (not created: each executable decides whether to create it).
func temporaryHome(_ name: String = #function) -> URL {
    let base = TemporaryRoot.directory("strata-it")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    return base.appendingPathComponent("home", isDirectory: true)
}
