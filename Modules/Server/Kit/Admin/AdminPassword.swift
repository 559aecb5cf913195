import StrataServerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an admin command reads a password: never its arguments (other users of the machine
/// see them in `ps`).
enum AdminPassword {
    /// The first line of standard input (`--password-stdin`), which must hold one.
    static func fromStandardInput() throws -> String {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ServerError(.badRequest, "--password-stdin: standard input held no password line; expected the password")
        }
        return line
    }

    /// Whether standard input is a terminal (where `--password` can ask).
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Why `--password` cannot ask.
    static let noTerminal = "--password asks at a terminal and standard input is none; use --password-stdin"

    /// The password typed twice at the terminal without echo (`--password`).
    static func fromTerminal(account: String) throws -> String {
        guard hasTerminal else { throw LaunchUsageError(message: noTerminal) }
        guard let first = getpass("New password for \(account): ").map({ String(cString: $0) }), !first.isEmpty else {
            throw ServerError(.badRequest, "--password: no password was typed")
        }
        guard let second = getpass("Again: ").map({ String(cString: $0) }), second == first else {
            throw ServerError(.badRequest, "--password: the two passwords typed differ; nothing was changed")
        }
        return first
    }
}
