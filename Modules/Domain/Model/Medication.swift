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

    /// The medication's name in English and Japanese, shown next to the value typed.
    public var label: FieldLabel {
        switch self {
        case .alphaBlocker: FieldLabel("alpha blocker", ja: "α遮断薬")
        case .arb: FieldLabel("angiotensin II receptor blocker", ja: "アンジオテンシンII受容体拮抗薬")
        case .betaBlocker: FieldLabel("beta blocker", ja: "β遮断薬")
        case .ca: FieldLabel("calcium-channel blocker", ja: "カルシウム拮抗薬")
        case .diuretic: FieldLabel("diuretic", ja: "利尿薬")
        case .ace: FieldLabel("ACE inhibitor", ja: "ACE阻害薬")
        case .neurodepressant: FieldLabel("neurodepressant", ja: "神経抑制薬")
        }
    }
}
