#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
public import StrataCrossCutting
public import StrataSession

/// The one public way to the session's keyring: the freedesktop Secret Service (gnome-keyring,
/// KeePassXC, …) through libsecret, as a place for a container's data key — the Linux
/// counterpart of the seed's Keychain.
///
/// Composition roots call it and pass the result to `DataLayerFactory` (`keyring:`), which
/// decides where the key lives (see `DataKeyStore` and `DataKeyPlace`). The implementation
/// stays internal.
public enum SecretServiceFactory {
    /// The schema every Strata data key is kept under (libsecret's `xdg:schema` attribute).
    public static let schemaName = "dev.strata.DataKey"

    /// The session's keyring for `container`'s data key, as the user chose it
    /// (`STRATA_KEY_PLACE`, ``DataKeyPlace``):
    ///
    /// - `file`: no keyring; the Secret Service is never asked.
    /// - otherwise the Secret Service, looked up by the schema and the container's path with
    ///   every symbolic link resolved (so two `STRATA_HOME`s never share a key, and a link to a
    ///   container finds the container's key), when `environment` names a session bus
    ///   (``SessionBusAddress/resolve(in:)``: `DBUS_SESSION_BUS_ADDRESS` or `$XDG_RUNTIME_DIR/bus`,
    ///   the places desktop notifications look too); without one no keyring, so libsecret never
    ///   tries to start a bus.
    ///
    /// When a new store's key falls back to the key file because the keyring refused it
    /// (`auto` only: no login collection, a locked collection, …), one line saying why goes to
    /// `output`'s standard error, `<program>: …`, in the language of the calling task.
    ///
    /// Nothing is asked of the bus here: the first call (on the data layer's queue) finds
    /// whether a Secret Service answers. Its calls block for a D-Bus round trip each, at most
    /// 5 s: a bus that never answers is a keyring that did not answer (a new store's key then
    /// goes to the file under `auto`, said in one line).
    ///
    /// - Throws: ``CrossCuttingError`` (`badEnvironment`) naming `STRATA_KEY_PLACE` and the
    ///   accepted places when it holds anything else.
    public static func keyring(
        for container: ContainerDirectory, environment: [String: String], program: String, output: OutputSink = .standard
    ) throws -> DataKeyring {
        let place = try DataKeyPlace.from(environment: environment)
        guard place != .file else {
            return DataKeyring(
                place: .file, store: nil,
                absence: "\(DataKeyPlace.variable)=\(DataKeyPlace.file.rawValue) keeps the data key in the key file and never "
                    + "asks the Secret Service (unset \(DataKeyPlace.variable), or set it to \(DataKeyPlace.auto.rawValue), to use "
                    + "a key kept there)")
        }
        guard SessionBusAddress.resolve(in: environment) != nil else {
            return DataKeyring(place: place, store: nil)
        }
        // Rendered later on the data layer's queue, where the task's language is not bound.
        let language = MessageLanguage.current
        return DataKeyring(
            place: place, store: SecretServiceKeyStore(container: container),
            fellBackToFile: { reason, keyFile in
                output.err(
                    MessageLanguage.$current.withValue(language) {
                        FailureLine.line(program: program, message: fallBackLine(reason: reason, keyFile: keyFile))
                    })
            })
    }

    /// The line said when a new store's key went to `keyFile` because the keyring refused it
    /// (or did not answer in time: ``SecretServiceCall``).
    static func fallBackLine(reason: String, keyFile: String) -> String {
        if reason.contains(DataKeyring.noAnswerPhrase) {
            let seconds = SecretServiceCall.seconds
            return localized(
                "the Secret Service did not answer within \(seconds) s (the session bus, or the keyring on it, does not "
                    + "answer), so the new data key is kept in the owner-only file \(keyFile); `strata-host store "
                    + "key --to secret-service` moves it there later (\(DataKeyPlace.variable)=file keeps the keyring out)",
                ja: "Secret Service が \(seconds) 秒以内に応答しなかったため（セッションバスかその上のキーリングが応答しません）、"
                    + "新しいデータキーを所有者だけが読めるファイル \(keyFile) に保存しました。あとで `strata-host store key --to "
                    + "secret-service` で移せます (\(DataKeyPlace.variable)=file で Secret Service を使わなくなります)")
        }
        return localized(
            "the Secret Service did not take the new data key (\(reason)), so it is kept in the owner-only file "
                + "\(keyFile); `strata-host store key --to secret-service` moves it there later (\(DataKeyPlace.variable)=file "
                + "keeps the keyring out)",
            ja: "Secret Service が新しいデータキーを受け付けなかったため (\(reason))、所有者だけが読めるファイル \(keyFile) に保存しました。"
                + "あとで `strata-host store key --to secret-service` で移せます (\(DataKeyPlace.variable)=file で Secret Service を使わなくなります)")
    }
}
