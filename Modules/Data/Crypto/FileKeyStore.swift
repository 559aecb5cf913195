#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataSession
import StrataStore

/// The data key in the container's owner-only file `keys/data.key` (``KeyFile``): what every
/// store used before the Secret Service, and what it uses whenever the session offers none.
struct FileKeyStore: DataKeyStore {
    let url: URL

    /// The key file of `container`.
    init(container: ContainerDirectory) {
        url = FieldCipher.keyURL(in: container)
    }

    var kind: DataKeyKind { .file }
    var location: String { url.path }

    func load() throws -> [UInt8]? {
        try KeyFile.load(at: url)
    }

    func save(_ key: [UInt8]) throws {
        let kept = try KeyFile.place(key, at: url)
        guard kept == key else {
            throw DataError(
                .cannotOpen,
                "\(url.path) already holds a different data key; it was left as it is (move or remove it first)")
        }
    }

    func delete() throws {
        try KeyFile.remove(at: url)
    }
}
