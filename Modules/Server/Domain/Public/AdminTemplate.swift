/// A saved push template as the admin commands show it.
public struct AdminTemplate: Sendable, Hashable, Codable {
    /// The template's unique name.
    public var name: String
    /// The title.
    public var title: String
    /// The text.
    public var body: String

    /// A template.
    public init(name: String, title: String, body: String) {
        self.name = name
        self.title = title
        self.body = body
    }
}
