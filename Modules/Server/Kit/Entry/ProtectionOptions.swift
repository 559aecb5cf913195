import ArgumentParser

/// `serve`'s login rate limits (Docs/Server.md, "Limits and protections").
struct ProtectionOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Login attempts one account may make at once before 429.", valueName: "n"))
    var loginAccountBurst = 10

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Login attempts per minute an account regains.", valueName: "rate"))
    var loginAccountPerMinute = 10.0

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Login attempts one client address may make at once before 429.", valueName: "n"))
    var loginAddressBurst = 60

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Login attempts per minute a client address regains.", valueName: "rate"))
    var loginAddressPerMinute = 60.0

    func validate() throws {
        for (name, value) in [("--login-account-burst", loginAccountBurst), ("--login-address-burst", loginAddressBurst)]
        where value < 1 {
            throw ValidationError("\(name) \(value) is too small; expected 1 or more attempts")
        }
        for (name, value) in [
            ("--login-account-per-minute", loginAccountPerMinute), ("--login-address-per-minute", loginAddressPerMinute),
        ] where !(value.isFinite && value > 0) {
            throw ValidationError("\(name) \(value) is not a rate; expected a number of attempts above 0")
        }
    }

    /// The protections these options ask for (the pools keep their defaults).
    var protections: ServerProtections {
        ServerProtections(
            logins: LoginLimits(
                accountBurst: loginAccountBurst, accountPerMinute: loginAccountPerMinute, addressBurst: loginAddressBurst,
                addressPerMinute: loginAddressPerMinute))
    }
}
