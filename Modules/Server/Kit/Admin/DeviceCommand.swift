import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin device list|revoke`.
struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device", abstract: "List or revoke the devices registered for push messages.",
        subcommands: [List.self, Revoke.self])

    /// `admin device list [--user ACCOUNT]`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the registered devices, revoked ones included.",
            discussion: """
                One line per device: APP_ID, APP_VERSION, DEVICE_ID, ACCOUNT, NAME, REGISTERED_AT, and \
                REVOKED_AT or `active` (dates RFC 3339, UTC).
                """)
        @Option(name: .long, help: "Only this user's devices.") var user: String?
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let devices = try await run.services.admin.devices(account: user)
            try output.print(devices, to: run.output, header: DeviceCommand.header) { devices.map(DeviceCommand.line) }
        }
    }

    /// `admin device revoke DEVICE_ID [--app-id A --app-version V]`.
    struct Revoke: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a device: it receives no more push messages, and its id is refused.",
            discussion: """
                Its pending messages are dropped, its polls are refused (404, "revoked by an administrator") \
                and so is registering its id again in that app version (409). The user's sessions are not \
                touched: revoke them with `session revoke --user`, or disable the user.
                """)
        @Argument(help: "The device's id (see `device list`).") var deviceId: String
        @Option(name: .long, help: "The app id, when the device is registered in several app versions.") var appId: String?
        @Option(name: .long, help: "The app version (with --app-id).") var appVersion: String?
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard (appId == nil) == (appVersion == nil) else { throw ValidationError("give --app-id and --app-version together") }
        }

        func execute(_ run: CommandRun) async throws {
            let app = appId.flatMap { id in appVersion.map { (id: id, version: $0) } }
            let device = try await run.services.admin.revokeDevice(deviceId: deviceId, app: app)
            try output.print(device, to: run.output) {
                [
                    "revoked device \(AdminText.shown(device.deviceId)) of app \(AdminText.shown(device.appId)) "
                        + "version \(AdminText.shown(device.appVersion)) (\(AdminText.shown(device.account)))"
                ]
            }
        }
    }

    /// The columns of `device list`.
    static let header = ["APP_ID", "APP_VERSION", "DEVICE_ID", "ACCOUNT", "NAME", "REGISTERED_AT", "REVOKED_AT"]

    static func line(_ device: AdminDevice) -> String {
        AdminText.line(
            device.appId, device.appVersion, device.deviceId, device.account, device.name, AdminText.date(device.registeredAt),
            device.revokedAt.map(AdminText.date) ?? "active")
    }
}
