// libsecret (Debian's libsecret-1-dev), wrapped for Swift: the freedesktop Secret Service client
// that StrataSecretService keeps the data key with. Only its non-variadic calls are used
// (secret_schema_newv, secret_password_storev_sync, secret_password_lookupv_sync,
// secret_password_clearv_sync), with GHashTable attributes.
#include <libsecret/secret.h>
