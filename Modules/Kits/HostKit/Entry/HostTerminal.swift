public import Logging
public import StrataContainer

/// Whether a person is at a terminal: decides what `strata-host` with no command does.
public enum HostTerminal: Sendable {
    /// Not a terminal (standard input is a pipe or a file): print the overview.
    case none
    /// Standard input is a terminal: boot and show the Launcher on standard input and output.
    case standard
    /// Show the Launcher on the environment this makes from the run's logger (tests: a
    /// `StrataContainerTesting` memory terminal and manual events).
    case custom(@Sendable (Logger) -> ContainerEnvironment)
}
