/// The medication flags of a follow-up, by their command-line and JSON names.
public enum Medication: String, Sendable, Hashable, CaseIterable {
    /// An alpha blocker (``FollowUp/alphaBlocker``).
    case alphaBlocker
    /// An angiotensin II receptor blocker (``FollowUp/arb``).
    case arb
    /// A beta blocker (``FollowUp/betaBlocker``).
    case betaBlocker
    /// A calcium-channel blocker (``FollowUp/ca``).
    case ca
    /// A diuretic (``FollowUp/diuretic``).
    case diuretic
    /// An ACE inhibitor (``FollowUp/ace``).
    case ace
    /// A neurodepressant (``FollowUp/neurodepressant``).
    case neurodepressant

    /// The follow-up property this flag is stored in.
    public var keyPath: any WritableKeyPath<FollowUp, Bool> & Sendable {
        switch self {
        case .alphaBlocker: \.alphaBlocker
        case .arb: \.arb
        case .betaBlocker: \.betaBlocker
        case .ca: \.ca
        case .diuretic: \.diuretic
        case .ace: \.ace
        case .neurodepressant: \.neurodepressant
        }
    }
}
