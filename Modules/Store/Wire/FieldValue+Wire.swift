#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
public import StrataWire

/// Values as the sync wire carries them: the journal's payloads are written in the wire's
/// own form, and `StrataSync` sends changes and reads pulled objects with the same mapping.
extension FieldValue {
    /// The value as the wire carries it.
    public var wireValue: WireValue {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(Data(bytes))
        }
    }

    /// A value from the wire.
    public init(wire: WireValue) {
        switch wire {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }
}
