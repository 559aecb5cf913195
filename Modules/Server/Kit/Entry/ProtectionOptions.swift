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

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy (nginx, a load balancer) whose X-Forwarded-For names the client address the login limits count; "
                + "repeat for several. Without it every client behind a proxy shares the proxy's address.",
            valueName: "ip"))
    var trustedProxies: [String] = []

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
        for proxy in trustedProxies where TrustedProxies.canonical(proxy) == nil {
            throw ValidationError(
                "--trusted-proxy '\(LogText.escaped(String(proxy.prefix(80))))' is not an IP address; expected one such as "
                    + "127.0.0.1 or ::1")
        }
    }

    /// The protections these options ask for (the pools keep their defaults).
    var protections: ServerProtections {
        ServerProtections(
            logins: LoginLimits(
                accountBurst: loginAccountBurst, accountPerMinute: loginAccountPerMinute, addressBurst: loginAddressBurst,
                addressPerMinute: loginAddressPerMinute, trustedProxies: Set(trustedProxies)))
    }
}
