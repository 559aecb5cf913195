public import ArgumentParser
import StrataCrossCutting
import StrataDomain

public struct HostCommand: ParsableCommand {}
