import Core
import Foundation2

public struct App: Sendable {}
