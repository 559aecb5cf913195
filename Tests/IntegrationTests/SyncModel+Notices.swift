/// Overwrite notices in the model (Docs/Sync.md, the conflict rules case reports declare: field
/// merge, `updatedAt` quiet): an update based on version `b` that replaces a field whose last
/// writer (another user) wrote it after `b` is concurrent with that write; the server merges it
/// and keeps a notice for the device that made the replaced write, which that device's next pull
/// brings as a conflict (once), while its user can see the object. A restore takes the notices
/// back to the backup's.
extension SyncModel {
    /// One notice: the device told, the object and field, the version of the replacing write.
    struct Notice: Hashable {
        let device: String, id: String, field: String, version: Int
        /// How a device's sync report names it: `objectId.field`.
        var key: String { "\(id).\(field)" }
    }

    /// Records a notice for each field of `changed` whose last writer is another user than `user`,
    /// wrote after `base` (no base: an insert, a re-send, a row never pulled: never concurrent)
    /// and left another value there.
    mutating func noticeOverwrites(of object: Object, id: String, changed: Fields, base: Int?, by user: String) {
        guard let base else {
            // A client reset's re-send: it replaces another user's later write of a field and nobody is told.
            silentOverwrites += changed.filter { object.writers[$0.key].map { $0.user != user } ?? false && object.fields[$0.key] != $0.value }.count
            return
        }
        for (field, value) in changed.sorted(by: { $0.key < $1.key }) {
            guard let writer = object.writers[field], writer.version > base, writer.user != user, object.fields[field] != value
            else { continue }
            notices.append(Notice(device: writer.device, id: id, field: field, version: version))
        }
    }

    /// Records, as unchecked, a notice for each field of `changed` another user wrote last with
    /// another value: the update's base is a version of the history before a restore.
    mutating func maybeNotice(of object: Object, id: String, changed: Fields, by user: String) {
        for (field, value) in changed.sorted(by: { $0.key < $1.key }) {
            guard let writer = object.writers[field], writer.user != user, object.fields[field] != value else { continue }
            maybeNotices.append(Notice(device: writer.device, id: id, field: field, version: version))
        }
    }

    /// A pull brings the device the notices for it it has not had, about objects its user sees
    /// (a notice about an object deleted since may or may not come: it is left out of the check,
    /// as is one the server may or may not have recorded).
    mutating func deliverNotices(to device: inout Device) {
        for notice in maybeNotices where notice.device == device.name { device.unsure.insert(notice) }
        for notice in notices where notice.device == device.name && !device.told.contains(notice) {
            guard let object = objects[notice.id] else { continue }
            if object.deleted {
                device.unsure.insert(notice)
            } else if canSee(device.user, object) {
                device.told.insert(notice)
            }
        }
    }

    /// The `objectId.field` pairs the model expects `device` to have been told of, and those it leaves unchecked.
    func toldKeys(_ device: Int) -> (told: Set<String>, unsure: Set<String>) {
        let unsure = Set(devices[device].unsure.map(\.key))
        return (Set(devices[device].told.map(\.key)).subtracting(unsure), unsure)
    }
}
