import CLibsecret
import Dispatch
import StrataCrossCutting
import StrataSession
import StrataStore
import Synchronization

/// One Secret Service call with a deadline: libsecret's blocking call runs on a blocking lane
/// (``BlockingLane/shared``) while the caller (the data layer's queue, never Swift's cooperative pool) waits at most
/// ``seconds``. A session bus that accepts the connection but never answers (a hung
/// gnome-keyring, a socket nobody serves) would otherwise block the caller, and with it every
/// command, for ever.
///
/// On the deadline the call's `GCancellable` is cancelled (GLib then gives up the socket read
/// it is waiting in) and the caller gets ``DataError`` `keyringUnavailable` saying the Secret
/// Service did not answer within ``seconds`` s; the abandoned thread finishes on its own and
/// frees what it made.
enum SecretServiceCall {
    /// How long one call may take.
    static let seconds = 5

    /// The result of `call` (given the cancellable to pass to libsecret), or
    /// `keyringUnavailable` naming `what` and `location` when it took longer than `timeout` seconds,
    /// or naming libsecret when it cannot be loaded (``Libsecret/load()``: the first call loads it).
    static func bounded<T: Sendable>(
        doing what: String, in location: String, timeout: Int = seconds,
        _ call: @escaping @Sendable (OpaquePointer?) throws -> T
    ) throws -> T {
        let cancellable = Cancellable(try Libsecret.load())
        let outcome = Outcome<T>()
        // A queue of its own per call (``BlockingLane/shared``, never the cooperative pool): a
        // call abandoned at its deadline never holds up the next one.
        BlockingLane.shared.start {
            outcome.finish(Result { try call(cancellable.pointer) })
        }
        guard let result = outcome.wait(seconds: timeout) else {
            cancellable.cancel()
            throw DataError(.keyringUnavailable, noAnswer(doing: what, in: location, seconds: timeout))
        }
        return try result.get()
    }

    /// The words for a call that got no answer in time; ``DataKeyring/noAnswerPhrase`` marks them.
    static func noAnswer(doing what: String, in location: String, seconds: Int) -> String {
        "\(location) \(DataKeyring.noAnswerPhrase) \(seconds) s (to \(what)): the session bus, or the keyring on it, "
            + "does not answer"
    }

    /// A `GCancellable`, released when the last holder (the caller or the call's thread) lets go.
    ///
    /// `@unchecked Sendable`: the pointer is immutable, and GLib documents `GCancellable` as
    /// thread-safe (`g_cancellable_cancel` may be called from any thread while another thread's
    /// call waits on it); the reference count (`g_object_unref`, once, in `deinit`) is atomic.
    private final class Cancellable: @unchecked Sendable {
        let pointer: OpaquePointer?
        private let libsecret: Libsecret

        init(_ libsecret: Libsecret) {
            self.libsecret = libsecret
            pointer = libsecret.cancellableNew()
        }

        func cancel() { libsecret.cancellableCancel(pointer) }

        deinit {
            if let pointer { libsecret.objectUnref(UnsafeMutableRawPointer(pointer)) }
        }
    }

    /// The call's result, handed from its thread to the waiting caller.
    private final class Outcome<T: Sendable>: Sendable {
        private let result = Mutex<Result<T, any Error>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ value: Result<T, any Error>) {
            result.withLock { $0 = value }
            done.signal()
        }

        /// The result, or `nil` when none came within `seconds`.
        func wait(seconds: Int) -> Result<T, any Error>? {
            guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
            return result.withLock { $0 }
        }
    }
}
