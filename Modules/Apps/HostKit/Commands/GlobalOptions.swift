import ArgumentParser

/// Options every `strata-host` command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Show debug logs on standard error, and the error code when something fails.")
    var verbose = false
}
