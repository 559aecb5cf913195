// libsecret (Debian's libsecret-1-0), declared for Swift: the freedesktop Secret Service client
// that StrataSecretService keeps the data key with. Only its non-variadic calls are used
// (secret_schema_newv, secret_password_storev_sync, secret_password_lookupv_sync,
// secret_password_clearv_sync), with GHashTable attributes.
//
// Nothing here is linked: a command whose data key is in the key file (or that has no session
// bus) never loads libsecret nor its GLib chain (a dozen shared objects, a few milliseconds of
// every start). StrataSecretService loads libsecret-1.so.0 with dlopen the first time it asks
// the Secret Service (Libsecret.swift) and finds each call with dlsym, typed by the
// `strata_*_fn` pointer types below.
//
// The few declarations are written here, exactly as libsecret-1 and GLib 2 declare them (their
// ABI is stable: gboolean is int, guint unsigned int, gchar char), instead of including
// <libsecret/secret.h>: that header pulls in GLib's, whose pkg-config flags carry -pthread,
// which SwiftPM refuses with a warning on every build, and the build needs no development files.
#ifndef STRATA_CLIBSECRET_SHIM_H
#define STRATA_CLIBSECRET_SHIM_H

typedef struct _GHashTable GHashTable;
typedef struct _GCancellable GCancellable;
typedef struct SecretSchema SecretSchema;

/// GLib's error: its domain (a GQuark), code and message.
typedef struct _GError {
    unsigned int domain;
    int code;
    char *message;
} GError;

typedef enum {
    SECRET_SCHEMA_NONE = 0,
    SECRET_SCHEMA_DONT_MATCH_NAME = 1 << 1
} SecretSchemaFlags;

typedef enum {
    SECRET_SCHEMA_ATTRIBUTE_STRING = 0,
    SECRET_SCHEMA_ATTRIBUTE_INTEGER = 1,
    SECRET_SCHEMA_ATTRIBUTE_BOOLEAN = 2
} SecretSchemaAttributeType;

#define SECRET_COLLECTION_DEFAULT "default"

typedef unsigned int (*GHashFunc)(const void *key);
typedef int (*GEqualFunc)(const void *a, const void *b);
typedef void (*GDestroyNotify)(void *data);

// The calls, as pointer types (dlsym's result is cast to them); g_str_hash, g_str_equal and g_free
// are cast to GHashFunc, GEqualFunc and GDestroyNotify, their types as a table's callbacks.
typedef GHashTable *(*strata_g_hash_table_new_full_fn)(GHashFunc hash_func, GEqualFunc key_equal_func,
                                                        GDestroyNotify key_destroy_func,
                                                        GDestroyNotify value_destroy_func);
typedef int (*strata_g_hash_table_insert_fn)(GHashTable *hash_table, void *key, void *value);
typedef void (*strata_g_hash_table_unref_fn)(GHashTable *hash_table);
typedef char *(*strata_g_strdup_fn)(const char *str);
typedef void (*strata_g_error_free_fn)(GError *error);

typedef SecretSchema *(*strata_secret_schema_newv_fn)(const char *name, SecretSchemaFlags flags,
                                                       GHashTable *attribute_names_and_types);
typedef void (*strata_secret_schema_unref_fn)(SecretSchema *schema);
typedef int (*strata_secret_password_storev_sync_fn)(const SecretSchema *schema, GHashTable *attributes,
                                                      const char *collection, const char *label,
                                                      const char *password, GCancellable *cancellable,
                                                      GError **error);
typedef char *(*strata_secret_password_lookupv_sync_fn)(const SecretSchema *schema, GHashTable *attributes,
                                                         GCancellable *cancellable, GError **error);
typedef int (*strata_secret_password_clearv_sync_fn)(const SecretSchema *schema, GHashTable *attributes,
                                                      GCancellable *cancellable, GError **error);
typedef void (*strata_secret_password_free_fn)(char *password);

// GIO's cancellable (libgio-2.0) and GObject's reference count (libgobject-2.0): what a call's
// deadline cancels (SecretServiceCall). libsecret depends on both, so dlsym on its handle finds them.
typedef GCancellable *(*strata_g_cancellable_new_fn)(void);
typedef void (*strata_g_cancellable_cancel_fn)(GCancellable *cancellable);
typedef void (*strata_g_object_unref_fn)(void *object);

#endif
