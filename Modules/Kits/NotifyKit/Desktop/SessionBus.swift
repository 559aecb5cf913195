import CSystemd
import Glibc
import StrataCrossCutting

/// One connection to the session bus through libsystemd's sd-bus, and the freedesktop
/// Notifications calls strata-notifyd makes on it.
///
/// sd-bus connections are not thread-safe: a `SessionBus` is made, used and closed on the one
/// thread of a ``FreedesktopNotifications`` (never on the cooperative pool, since
/// `sd_bus_call` waits for the server's answer). Not `Sendable` on purpose.
final class SessionBus {
    /// The well-known name, object path and interface of the notification server.
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// How long one call waits for the server's answer, in microseconds.
    static let callTimeout: UInt64 = 5_000_000

    /// Why a step failed, as one readable phrase.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let bus: OpaquePointer

    /// Connects to the bus at `address` (a D-Bus address, `unix:path=…`) and says hello.
    init(address: String) throws(Failure) {
        var bus: OpaquePointer?
        var result = sd_bus_new(&bus)
        guard result >= 0, let bus else { throw Failure(description: Self.text(errno: -result)) }
        result = sd_bus_set_address(bus, address)
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            sd_bus_unref(bus)
            throw Failure(description: Self.text(errno: -result))
        }
        self.bus = bus
    }

    deinit {
        sd_bus_flush_close_unref(bus)
    }

    /// The server's `GetServerInformation`: `name version` (`dunst 1.9.0`).
    func serverInformation() throws(Failure) -> String {
        let reply = try call("GetServerInformation") { _ in 0 }
        defer { sd_bus_message_unref(reply) }
        var parts: [String] = []
        for _ in 0..<4 {
            guard let text = Self.readString(reply) else { break }
            parts.append(text)
        }
        return parts.prefix(1).joined() + (parts.count > 2 ? " " + parts[2] : "")
    }

    /// `Notify`: shows `content` with app name "Strata", an **Open** action (keys `default`
    /// and `open`), the urgency hint and the server's default timeout; returns the server's id.
    func notify(_ content: DesktopContent) throws(Failure) -> UInt32 {
        let reply = try call("Notify") { message in
            var replaces: UInt32 = 0
            var expire: Int32 = -1
            var urgency = content.urgency
            let open = localized("Open", ja: "開く")
            var result = Self.append(message, string: "Strata")
            if result >= 0 { result = sd_bus_message_append_basic(message, Self.type("u"), &replaces) }
            if result >= 0 { result = Self.append(message, string: "") }
            if result >= 0 { result = Self.append(message, string: content.summary) }
            if result >= 0 { result = Self.append(message, string: content.body) }
            if result >= 0 { result = sd_bus_message_open_container(message, Self.type("a"), "s") }
            for text in ["default", open, "open", open] where result >= 0 {
                result = Self.append(message, string: text)
            }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_open_container(message, Self.type("a"), "{sv}") }
            if result >= 0 { result = sd_bus_message_open_container(message, Self.type("e"), "sv") }
            if result >= 0 { result = Self.append(message, string: "urgency") }
            if result >= 0 { result = sd_bus_message_open_container(message, Self.type("v"), "y") }
            if result >= 0 { result = sd_bus_message_append_basic(message, Self.type("y"), &urgency) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_open_container(message, Self.type("e"), "sv") }
            if result >= 0 { result = Self.append(message, string: "desktop-entry") }
            if result >= 0 { result = sd_bus_message_open_container(message, Self.type("v"), "s") }
            if result >= 0 { result = Self.append(message, string: "strata-host") }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_append_basic(message, Self.type("i"), &expire) }
            return result
        }
        defer { sd_bus_message_unref(reply) }
        var id: UInt32 = 0
        let result = sd_bus_message_read_basic(reply, Self.type("u"), &id)
        guard result > 0 else { throw Failure(description: localized("Notify answered no id (\(Self.text(errno: -result)))", ja: "Notify が ID を返しませんでした（\(Self.text(errno: -result))）")) }
        return id
    }

    /// `CloseNotification` for the server's `id`, sent without waiting for the answer (the
    /// bus thread must not stop in a signal's handler; a server that already closed it
    /// answers with an error nobody needs). The server then says `NotificationClosed`
    /// (reason 3, closed by a call).
    func close(_ id: UInt32) throws(Failure) {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, Self.service, Self.path, Self.service, "CloseNotification")
        guard result >= 0, let message else { throw Failure(description: "CloseNotification: \(Self.text(errno: -result))") }
        defer { sd_bus_message_unref(message) }
        var value = id
        result = sd_bus_message_append_basic(message, Self.type("u"), &value)
        if result >= 0 { result = sd_bus_message_set_expect_reply(message, 0) }
        if result >= 0 { result = sd_bus_send(bus, message, nil) }
        guard result >= 0 else { throw Failure(description: "CloseNotification: \(Self.text(errno: -result))") }
    }

    /// Asks the bus for the server's `ActionInvoked` and `NotificationClosed` signals, handed to
    /// `handler` with `userdata` while ``process()`` runs. The match names the sender
    /// (`org.freedesktop.Notifications`, which the bus resolves to the server's connection), so
    /// another client on the bus cannot forge an action or a dismissal.
    func listen(handler: sd_bus_message_handler_t, userdata: UnsafeMutableRawPointer) throws(Failure) {
        for member in ["ActionInvoked", "NotificationClosed"] {
            let result = sd_bus_match_signal(bus, nil, Self.service, Self.path, Self.service, member, handler, userdata)
            guard result >= 0 else {
                throw Failure(description: localized("cannot listen for \(member): \(Self.text(errno: -result))", ja: "\(member) を待ち受けられません: \(Self.text(errno: -result))"))
            }
        }
    }

    /// Handles everything the bus has for us now (signals reach the handler); returns whether
    /// the connection still works.
    func process() -> Bool {
        while true {
            let result = sd_bus_process(bus, nil)
            if result < 0 { return false }
            if result == 0 { return true }
        }
    }

    /// The bus's file descriptor, the events to wait for on it, and how long at most (ms; -1: no limit).
    func pollRequest() -> (descriptor: Int32, events: Int16, timeout: Int32) {
        let events = sd_bus_get_events(bus)
        var deadline: UInt64 = 0
        var timeout: Int32 = -1
        if sd_bus_get_timeout(bus, &deadline) > 0, deadline != UInt64.max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            timeout = deadline <= nowMicroseconds ? 0 : Int32(clamping: (deadline - nowMicroseconds + 999) / 1000)
        }
        return (sd_bus_get_fd(bus), Int16(truncatingIfNeeded: max(events, 0)), timeout)
    }

    /// A method call on the notification server, its arguments appended by `build` (returning
    /// sd-bus's result); returns the reply, which the caller unrefs.
    private func call(_ member: String, build: (OpaquePointer) -> Int32) throws(Failure) -> OpaquePointer {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, Self.service, Self.path, Self.service, member)
        guard result >= 0, let message else { throw Failure(description: "\(member): \(Self.text(errno: -result))") }
        defer { sd_bus_message_unref(message) }
        result = build(message)
        guard result >= 0 else { throw Failure(description: "\(member): \(Self.text(errno: -result))") }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        result = sd_bus_call(bus, message, Self.callTimeout, &error, &reply)
        guard result >= 0, let reply else {
            let name = error.name.map { String(cString: $0) }
            let text = error.message.map { String(cString: $0) } ?? Self.text(errno: -result)
            throw Failure(description: "\(member): \(name.map { "\($0): " } ?? "")\(text)")
        }
        return reply
    }

    /// Reads the next string of `message`, or `nil` when there is none (or it is no string).
    static func readString(_ message: OpaquePointer) -> String? {
        var pointer: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, type("s"), &pointer) > 0, let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }

    /// Reads the next `u` of `message`, or `nil`.
    static func readUInt32(_ message: OpaquePointer) -> UInt32? {
        var value: UInt32 = 0
        guard sd_bus_message_read_basic(message, type("u"), &value) > 0 else { return nil }
        return value
    }

    /// The D-Bus type code `code` as sd-bus takes it.
    static func type(_ code: Unicode.Scalar) -> CChar {
        CChar(truncatingIfNeeded: code.value)
    }

    private static func append(_ message: OpaquePointer, string: String) -> Int32 {
        string.withCString { sd_bus_message_append_basic(message, type("s"), $0) }
    }

    /// The C library's text for an error number.
    static func text(errno: Int32) -> String {
        String(cString: strerror(errno))
    }
}
