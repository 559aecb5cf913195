/// One page of a ``RemoteObjectStore`` query: the objects, in the query's order, and whether
/// more matching objects follow on the server (ask for the next page to get them).
public struct RemotePage<Object: ValueObject>: Sendable {
    /// The objects of the page.
    public var objects: [Object]
    /// Whether the server holds more matching objects past this page.
    public var hasMore: Bool

    /// A page.
    public init(objects: [Object], hasMore: Bool) {
        self.objects = objects
        self.hasMore = hasMore
    }
}
