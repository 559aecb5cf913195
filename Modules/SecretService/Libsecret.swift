#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import CLibsecret
import StrataSession
import StrataStore

/// libsecret's calls (and the GLib ones they need), found in `libsecret-1.so.0` with `dlopen`
/// and `dlsym` the first time the Secret Service is asked, never linked: a command whose data
/// key is in the key file, or that has no session bus, loads neither libsecret nor its GLib
/// chain (a dozen shared objects and their constructors, a few milliseconds of every start).
///
/// The library stays loaded for the process's life (GLib is never unloaded). GLib, GIO and
/// GObject are libsecret's own dependencies, so `dlsym` on its handle finds their calls too.
struct Libsecret: Sendable {
    /// The library `dlopen` loads (Debian's libsecret-1-0).
    static let libraryName = "libsecret-1.so.0"

    /// The loaded library, or why it could not be loaded: a ``DataError`` `keyringUnavailable`
    /// naming the library and what to do. Loaded once, on the first call's lane (a `static let`
    /// is initialised once, thread-safely, on first use).
    static let loaded = Result { () throws(DataError) -> Libsecret in try Libsecret() }

    /// The loaded library, or ``DataError`` `keyringUnavailable` naming it when it is missing.
    static func load() throws -> Libsecret { try loaded.get() }

    let strHash: GHashFunc
    let strEqual: GEqualFunc
    let hashTableNewFull: strata_g_hash_table_new_full_fn
    let hashTableInsert: strata_g_hash_table_insert_fn
    let hashTableUnref: strata_g_hash_table_unref_fn
    let strdup: strata_g_strdup_fn
    /// `g_free`, also the tables' key and value destructor.
    let free: GDestroyNotify
    let errorFree: strata_g_error_free_fn
    let schemaNewv: strata_secret_schema_newv_fn
    let schemaUnref: strata_secret_schema_unref_fn
    let passwordStorevSync: strata_secret_password_storev_sync_fn
    let passwordLookupvSync: strata_secret_password_lookupv_sync_fn
    let passwordClearvSync: strata_secret_password_clearv_sync_fn
    let passwordFree: strata_secret_password_free_fn
    let cancellableNew: strata_g_cancellable_new_fn
    let cancellableCancel: strata_g_cancellable_cancel_fn
    let objectUnref: strata_g_object_unref_fn

    private init() throws(DataError) {
        guard let handle = dlopen(Self.libraryName, RTLD_NOW | RTLD_LOCAL) else {
            throw Self.missing(dlerror().map { String(cString: $0) } ?? "not found")
        }
        func find<T>(_ name: String, as type: T.Type) throws(DataError) -> T {
            guard let symbol = dlsym(handle, name) else {
                throw Self.missing("\(name) not found: \(dlerror().map { String(cString: $0) } ?? "no symbol")")
            }
            return unsafeBitCast(symbol, to: type)
        }
        strHash = try find("g_str_hash", as: GHashFunc.self)
        strEqual = try find("g_str_equal", as: GEqualFunc.self)
        hashTableNewFull = try find("g_hash_table_new_full", as: strata_g_hash_table_new_full_fn.self)
        hashTableInsert = try find("g_hash_table_insert", as: strata_g_hash_table_insert_fn.self)
        hashTableUnref = try find("g_hash_table_unref", as: strata_g_hash_table_unref_fn.self)
        strdup = try find("g_strdup", as: strata_g_strdup_fn.self)
        free = try find("g_free", as: GDestroyNotify.self)
        errorFree = try find("g_error_free", as: strata_g_error_free_fn.self)
        schemaNewv = try find("secret_schema_newv", as: strata_secret_schema_newv_fn.self)
        schemaUnref = try find("secret_schema_unref", as: strata_secret_schema_unref_fn.self)
        passwordStorevSync = try find("secret_password_storev_sync", as: strata_secret_password_storev_sync_fn.self)
        passwordLookupvSync = try find("secret_password_lookupv_sync", as: strata_secret_password_lookupv_sync_fn.self)
        passwordClearvSync = try find("secret_password_clearv_sync", as: strata_secret_password_clearv_sync_fn.self)
        passwordFree = try find("secret_password_free", as: strata_secret_password_free_fn.self)
        cancellableNew = try find("g_cancellable_new", as: strata_g_cancellable_new_fn.self)
        cancellableCancel = try find("g_cancellable_cancel", as: strata_g_cancellable_cancel_fn.self)
        objectUnref = try find("g_object_unref", as: strata_g_object_unref_fn.self)
    }

    /// The error when libsecret cannot be used: names the library, why, and the two ways out.
    static func missing(_ reason: String) -> DataError {
        DataError(
            .keyringUnavailable,
            "cannot load libsecret (\(libraryName): \(reason)) to reach the Secret Service; install libsecret "
                + "(Debian's libsecret-1-0), or set \(DataKeyPlace.variable)=\(DataKeyPlace.file.rawValue) to keep the data "
                + "key in the key file")
    }
}
