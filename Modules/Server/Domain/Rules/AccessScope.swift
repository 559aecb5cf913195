/// An object's scope: who sees it (``StrataServerData/ObjectVisibility``) and who may write it.
public enum AccessScope: Int, Sendable, Hashable, CaseIterable {
    /// Only its owner sees it.
    case user = 1
    /// Its owner group's members see it.
    case group = 2
    /// Every user of the app version sees it.
    case all = 3
}
