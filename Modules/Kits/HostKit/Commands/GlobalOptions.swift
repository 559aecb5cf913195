import ArgumentParser

/// Options every `strata-host` command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Show debug logs on standard error, and the error code when something fails.")
    var verbose = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A container configuration (property list or JSON) to boot instead of the built-in one.",
            valueName: "file"),
        completion: .file(extensions: ["plist", "json"]))
    var config: String?
}
