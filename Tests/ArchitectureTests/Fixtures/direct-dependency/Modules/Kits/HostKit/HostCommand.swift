public import ArgumentParser  // Planted: no target declares the ArgumentParser product.
import Logging
import StrataCrossCutting

public struct HostCommand {}
