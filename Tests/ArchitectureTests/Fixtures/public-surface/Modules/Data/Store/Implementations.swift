// (a) Public types implementing the service protocol `Store` (declared in Store.swift).
public struct FileStore: Sendable, Store {}
public enum NullStore: StrataData.Store {}
@_spi(Testing) public struct SpyStore: Store {}
public struct Snapshot: Sendable {}
extension Snapshot: Store {}
extension Array: Store where Element == Row {}
public struct Outer {
    public struct Cursor: Store {}
}

// Allowed look-alikes: values, value-object protocols, constraints, internal implementations.
public protocol ValueObject: Sendable {}
public protocol DatedObject: ValueObject {}
public struct Note: ValueObject, Hashable, Codable {}
public struct Stamp: DatedObject {}
public enum Level: Int, Sendable, Hashable, Codable {}
public struct Wrapper<Base: Store>: Sendable where Base: Sendable {}
struct DiskStore: Store {}
extension DiskStore: CustomStringConvertible {}
extension Note: Equatable {}
struct Hidden {
    public struct Inner: Store {}
}
extension Hidden: Store {}
