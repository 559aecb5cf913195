/// The shared vocabulary: both sides import StrataWire and StrataCrossCutting.
public struct PushMessage: Sendable {}
