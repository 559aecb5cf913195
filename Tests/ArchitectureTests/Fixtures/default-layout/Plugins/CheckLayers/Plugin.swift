import PackagePlugin
// Planted: a plugin at SwiftPM's default Plugins/<name>.
import StrataDomain
