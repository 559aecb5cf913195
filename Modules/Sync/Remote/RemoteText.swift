import StrataCrossCutting
import StrataStore

/// The one-line failures of on-demand reads (``LiveRemoteObjectStore``), in the run's language.
enum RemoteText {
    static func offline(_ typeName: String) -> String {
        localized(
            "cannot read \(typeName) from the server: no server configured; set STRATA_SERVER_URL (or the host's "
                + "server setting) — \(typeName) is kept only on the server",
            ja: "サーバーから \(typeName) を読めません: サーバーが設定されていません。STRATA_SERVER_URL（またはホストのサーバー設定）を"
                + "設定してください — \(typeName) はサーバーにだけ保存されています")
    }

    static func notSignedIn(_ typeName: String) -> String {
        localized(
            "cannot read \(typeName) from the server: nobody is signed in (or the session expired); log in first",
            ja: "サーバーから \(typeName) を読めません: サインインしていません（またはセッションの期限が切れました）。先にログインしてください")
    }

    static func emptyID(_ typeName: String) -> String {
        localized(
            "cannot fetch \(typeName) from the server: the id is empty; expected an object id",
            ja: "サーバーから \(typeName) を取得できません: ID が空です。オブジェクト ID を指定してください")
    }

    static func notServerOnly(_ typeName: String, _ type: PersistentType) -> String {
        localized(
            "programming error: \(typeName) is \(type.rawValue), not serverOnly; the remote store reads only serverOnly "
                + "types — read \(typeName) from the local store (ValueObjectStore) instead",
            ja: "プログラミングエラー: \(typeName) は \(type.rawValue) で、serverOnly ではありません。リモートストアが読むのは serverOnly の型だけです"
                + " — \(typeName) はローカルストア（ValueObjectStore）から読んでください")
    }

    /// `failure` as the data layer's error, for reading `typeName` from `server`.
    static func error(_ failure: SyncFailure, reading typeName: String, server: String) -> SyncError {
        switch failure {
        case .network(let reason):
            return SyncError(
                .unreachable,
                localized(
                    "cannot reach the sync server \(server) to read \(typeName): \(reason)",
                    ja: "\(typeName) を読むための同期サーバー \(server) に接続できません: \(reason)"))
        case .server(let status, let reason):
            return SyncError(
                .unreachable,
                localized(
                    "the sync server \(server) failed to read \(typeName): HTTP \(status): \(reason)",
                    ja: "同期サーバー \(server) は \(typeName) の読み出しに失敗しました: HTTP \(status): \(reason)"))
        case .unauthorized(let reason):
            return SyncError(
                .notSignedIn,
                localized(
                    "the sync server \(server) refused the session token to read \(typeName) (HTTP 401: \(reason)); log in again",
                    ja: "同期サーバー \(server) は \(typeName) の読み出しでセッショントークンを拒否しました（HTTP 401: \(reason)）。もう一度ログインしてください"))
        case .refused(let status, let reason):
            return SyncError(
                .serverError,
                localized(
                    "the sync server \(server) refused to read \(typeName): HTTP \(status): \(reason)",
                    ja: "同期サーバー \(server) は \(typeName) の読み出しを拒否しました: HTTP \(status): \(reason)"))
        case .malformed(let reason):
            return SyncError(
                .serverError,
                localized(
                    "the sync server \(server) answered something unreadable to read \(typeName): \(reason)",
                    ja: "同期サーバー \(server) の \(typeName) の応答を読めません: \(reason)"))
        }
    }
}
