#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import CLibsecret
import StrataCrossCutting
import StrataSession
import StrataStore

/// A container's data key in the Secret Service, through libsecret's blocking password calls:
/// one item of schema ``SecretServiceFactory/schemaName`` whose `container` attribute is the
/// container's path with every symbolic link resolved (`STRATA_HOME=/tmp/link` and
/// `/tmp/real` are one container, so one key), in the default collection (the login keyring),
/// holding the 32 key bytes as 64 lowercase hex digits (`secret-tool lookup container <path>`
/// shows them). A key an earlier Strata kept under the path as given (a link's own path) is
/// still found there.
///
/// Every call blocks for a D-Bus round trip, at most ``SecretServiceCall/seconds`` s each
/// (``SecretServiceCall``): the data layer makes them on its own queue only.
/// libsecret is loaded on the first call (``Libsecret``), never linked.
/// Everything libsecret and GLib hand back (the schema, the attribute tables, the looked-up
/// password, errors) is freed before the call returns; a `GError` becomes a ``DataError``
/// `keyringUnavailable` naming the call and GLib's message.
struct SecretServiceKeyStore: DataKeyStore {
    /// The lookup attribute that tells containers apart.
    static let containerAttribute = "container"
    /// How many bytes a key holds (AES-256 / HMAC-SHA256 input keying material).
    static let keyByteCount = 32

    /// The container's path as given (standardised: `/a//b` and `/a/./b/` are one path).
    let givenPath: String

    /// The keyring place of `container`'s key.
    init(container: ContainerDirectory) {
        givenPath = container.url.standardizedFileURL.path
    }

    /// The container's path with every link resolved: the value of ``containerAttribute``.
    /// Resolved at each call, on the data layer's queue: the container may be made (or a link
    /// changed) after this store was.
    var containerPath: String { Self.resolvingLinks(givenPath) }

    var kind: DataKeyKind { .secretService }

    var location: String {
        "the Secret Service (\(SecretServiceFactory.schemaName), \(Self.containerAttribute) \(containerPath))"
    }

    func load() throws -> [UInt8]? {
        let path = containerPath
        if let key = try lookUp(under: path) { return key }
        // A key kept by an earlier Strata under the link's own path.
        return givenPath == path ? nil : try lookUp(under: givenPath)
    }

    /// The key kept under `path`, or `nil` when the Secret Service holds none for it.
    private func lookUp(under path: String) throws -> [UInt8]? {
        try SecretServiceCall.bounded(doing: "look up the data key", in: location) { cancellable in
            try lookUpNow(under: path, cancellable)
        }
    }

    /// ``lookUp(under:)`` without its deadline: on the call's own thread.
    private func lookUpNow(under path: String, _ cancellable: OpaquePointer?) throws -> [UInt8]? {
        let libsecret = try Libsecret.load()
        return try withSchemaAndAttributes(path, libsecret) { schema, attributes -> [UInt8]? in
            var error: UnsafeMutablePointer<GError>?
            let found = libsecret.passwordLookupvSync(schema, attributes, cancellable, &error)
            try check(error, libsecret, doing: "look up the data key")
            guard let found else { return nil }
            defer { libsecret.passwordFree(found) }
            guard let key = SecretServiceHex.decode(String(cString: found)), key.count == Self.keyByteCount else {
                throw DataError(
                    .cannotOpen,
                    "\(location) holds something that is not a Strata data key (expected \(Self.keyByteCount * 2) hex "
                        + "digits); remove it with `secret-tool clear \(Self.containerAttribute) \(path)` only if "
                        + "no store needs it")
            }
            return key
        }
    }

    func save(_ key: [UInt8]) throws {
        if let existing = try load() {
            guard existing == key else {
                throw DataError(.cannotOpen, "\(location) already holds a different data key; it was left as it is")
            }
            return
        }
        let path = containerPath
        let label = "Strata data key (\(path))"
        try SecretServiceCall.bounded(doing: "store the data key", in: location) { cancellable in
            let libsecret = try Libsecret.load()
            try withSchemaAndAttributes(path, libsecret) { schema, attributes in
                var error: UnsafeMutablePointer<GError>?
                let stored = SecretServiceHex.encode(key).withCString { secret in
                    libsecret.passwordStorevSync(
                        schema, attributes, SECRET_COLLECTION_DEFAULT, label, secret, cancellable, &error)
                }
                try check(error, libsecret, doing: "store the data key")
                guard stored != 0 else {
                    throw DataError(.keyringUnavailable, "\(location) did not store the data key (no reason given)")
                }
            }
        }
    }

    func delete() throws {
        let path = containerPath
        for each in givenPath == path ? [path] : [path, givenPath] {
            try SecretServiceCall.bounded(doing: "remove the data key", in: location) { cancellable in
                let libsecret = try Libsecret.load()
                try withSchemaAndAttributes(each, libsecret) { schema, attributes in
                    var error: UnsafeMutablePointer<GError>?
                    // FALSE without an error means there was nothing to remove: not an error.
                    _ = libsecret.passwordClearvSync(schema, attributes, cancellable, &error)
                    try check(error, libsecret, doing: "remove the data key")
                }
            }
        }
    }

    /// `path` with every symbolic link resolved (`realpath`); a path that does not exist
    /// (yet) is its nearest existing ancestor's real path and the rest as written.
    static func resolvingLinks(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard let slash = path.lastIndex(of: "/"), path != "/" else { return path }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = path[path.index(after: slash)...]
        let base = resolvingLinks(parent)
        return name.isEmpty ? base : (base.hasSuffix("/") ? base : base + "/") + name
    }

    // MARK: - libsecret plumbing

    /// Runs `body` with a new schema and an attribute table naming the container `path`; frees both after.
    private func withSchemaAndAttributes<T>(
        _ path: String, _ libsecret: Libsecret, _ body: (OpaquePointer, OpaquePointer) throws -> T
    ) throws -> T {
        let types = Self.stringTable(libsecret)
        // The value is the attribute's type as a pointer-sized integer: STRING is 0.
        _ = libsecret.hashTableInsert(
            types, libsecret.strdup(Self.containerAttribute),
            UnsafeMutableRawPointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING.rawValue)))
        let schema = libsecret.schemaNewv(SecretServiceFactory.schemaName, SECRET_SCHEMA_NONE, types)
        libsecret.hashTableUnref(types)
        guard let schema else {
            throw DataError(.keyringUnavailable, "libsecret could not make the schema \(SecretServiceFactory.schemaName)")
        }
        defer { libsecret.schemaUnref(schema) }
        let attributes = Self.stringTable(libsecret)
        defer { libsecret.hashTableUnref(attributes) }
        _ = libsecret.hashTableInsert(attributes, libsecret.strdup(Self.containerAttribute), libsecret.strdup(path))
        return try body(schema, attributes)
    }

    /// A new string-keyed table that frees its keys and values (`g_free`) when released (a
    /// `GHashTable *`, which Swift sees as an opaque pointer). GLib aborts the process when it
    /// cannot allocate: `g_hash_table_new_full` never returns NULL.
    private static func stringTable(_ libsecret: Libsecret) -> OpaquePointer {
        libsecret.hashTableNewFull(libsecret.strHash, libsecret.strEqual, libsecret.free, libsecret.free)!
    }

    /// Turns a `GError` into a ``DataError`` naming `what` and GLib's message, and frees it.
    private func check(_ error: UnsafeMutablePointer<GError>?, _ libsecret: Libsecret, doing what: String) throws {
        guard let error else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "no message"
        libsecret.errorFree(error)
        throw DataError(.keyringUnavailable, "cannot \(what) in \(location): \(message)")
    }
}
