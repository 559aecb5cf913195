/// Who a scoped query (`QueryScope` `mine`, `group`) is for: the signed-in user's id and
/// their groups' ids, or `nil` and none when nobody is signed in.
struct QueryViewer: Sendable, Hashable {
    var user: String?
    var groups: [String] = []
}
