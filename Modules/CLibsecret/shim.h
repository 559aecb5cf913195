// libsecret (Debian's libsecret-1-dev), declared for Swift: the freedesktop Secret Service client
// that StrataSecretService keeps the data key with. Only its non-variadic calls are used
// (secret_schema_newv, secret_password_storev_sync, secret_password_lookupv_sync,
// secret_password_clearv_sync), with GHashTable attributes.
//
// The few declarations are written here, exactly as libsecret-1 and GLib 2 declare them (their
// ABI is stable: gboolean is int, guint unsigned int, gchar char), instead of including
// <libsecret/secret.h>: that header pulls in GLib's, whose pkg-config flags carry -pthread,
// which SwiftPM refuses with a warning on every build. The library itself is linked as usual.
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

unsigned int g_str_hash(const void *v);
int g_str_equal(const void *v1, const void *v2);
GHashTable *g_hash_table_new_full(GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy_func,
                                  GDestroyNotify value_destroy_func);
int g_hash_table_insert(GHashTable *hash_table, void *key, void *value);
void g_hash_table_unref(GHashTable *hash_table);
char *g_strdup(const char *str);
void g_free(void *mem);
void g_error_free(GError *error);

SecretSchema *secret_schema_newv(const char *name, SecretSchemaFlags flags, GHashTable *attribute_names_and_types);
void secret_schema_unref(SecretSchema *schema);
int secret_password_storev_sync(const SecretSchema *schema, GHashTable *attributes, const char *collection,
                                const char *label, const char *password, GCancellable *cancellable, GError **error);
char *secret_password_lookupv_sync(const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable,
                                   GError **error);
int secret_password_clearv_sync(const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable,
                                GError **error);
void secret_password_free(char *password);

// GIO's cancellable (libgio-2.0) and GObject's reference count (libgobject-2.0): what a call's
// deadline cancels (SecretServiceCall).
GCancellable *g_cancellable_new(void);
void g_cancellable_cancel(GCancellable *cancellable);
void g_object_unref(void *object);

#endif
