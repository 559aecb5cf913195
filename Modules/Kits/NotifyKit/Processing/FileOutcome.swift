import StrataCrossCutting
public import StrataDomain

/// What happened to one file of the inbox in one pass.
public enum FileOutcome: Sendable, Hashable {
    /// The notification was new: recorded, delivered and moved to `cur/`.
    case recorded(NotificationRecord)
    /// A notification with this id was recorded before: delivered as a duplicate, moved to `cur/`.
    case duplicate(NotificationRecord)
    /// The file is malformed: moved to `bad/` with a reason file holding `reason`.
    case quarantined(reason: String)
    /// Something outside the file failed (the store, the disk): it stays in `new/` for the
    /// next pass; nothing was lost.
    case retryLater(reason: String)
    /// The file cannot be moved out of `new/` (to `cur/` or `bad/`): it stays there and is
    /// skipped for a while, without delaying the other files.
    case skipped(reason: String)
    /// The file disappeared before it was processed (another reader took it).
    case vanished

    /// The one line printed on standard output for a delivered notification, or `nil`.
    ///
    /// `recorded n-1 follow-up-due: Follow-up due: Yamada — Yamada's follow-up is due on 2026-11-22`,
    /// `duplicate n-1 (already recorded)`; under a Japanese ``MessageLanguage``
    /// `記録: n-1 follow-up-due: …` and `重複: n-1（記録済み）` (the id and the kind unchanged).
    /// Line breaks inside titles and bodies become spaces.
    public var deliveryLine: String? {
        switch self {
        case .recorded(let record):
            let body = record.body.isEmpty ? "" : " — \(record.body)"
            return Inbox.oneLine(
                localized(
                    "recorded \(record.notificationId) \(record.kind): \(record.title)\(body)",
                    ja: "記録: \(record.notificationId) \(record.kind): \(record.title)\(body)"))
        case .duplicate(let record):
            return Inbox.oneLine(
                localized(
                    "duplicate \(record.notificationId) (already recorded)",
                    ja: "重複: \(record.notificationId)（記録済み）"))
        case .quarantined, .retryLater, .skipped, .vanished:
            return nil
        }
    }
}

/// One file and what happened to it.
public struct ProcessedFile: Sendable, Hashable {
    /// The file's name in `new/` (its raw bytes).
    public var name: InboxFileName
    /// What happened to it.
    public var outcome: FileOutcome

    /// Pairs a file name with its outcome.
    public init(name: InboxFileName, outcome: FileOutcome) {
        self.name = name
        self.outcome = outcome
    }
}

/// What one pass over `new/` did, file by file, oldest name first.
public struct PassReport: Sendable, Hashable {
    /// Every file handled in the pass, in the order handled.
    public var files: [ProcessedFile]

    /// A report of the given files.
    public init(files: [ProcessedFile] = []) {
        self.files = files
    }

    /// How many files were left in `new/` to retry because of a storage failure (or a
    /// process short of resources): a failure that holds up every file, so the daemon backs off.
    public var retryCount: Int {
        files.count(where: { if case .retryLater = $0.outcome { true } else { false } })
    }

    /// How many files were left in `new/` because they cannot be moved out of it: each is
    /// skipped for a while on its own, and the other files go on at the usual pace.
    public var skippedCount: Int {
        files.count(where: { if case .skipped = $0.outcome { true } else { false } })
    }

    /// The counts of one pass, as the daemon logs them:
    /// `1 recorded, 0 duplicate, 2 quarantined, 0 left in new/ to retry, 0 skipped (cannot be moved)`.
    public var summary: String {
        var recorded = 0, duplicate = 0, quarantined = 0
        for file in files {
            switch file.outcome {
            case .recorded: recorded += 1
            case .duplicate: duplicate += 1
            case .quarantined: quarantined += 1
            case .retryLater, .skipped, .vanished: break
            }
        }
        return "\(recorded) recorded, \(duplicate) duplicate, \(quarantined) quarantined, "
            + "\(retryCount) left in new/ to retry, \(skippedCount) skipped (cannot be moved)"
    }
}
