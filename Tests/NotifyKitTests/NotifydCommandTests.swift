import StrataCrossCutting
import StrataNotifyKit
import Testing

@Suite("The command line")
struct NotifydCommandTests {
    @Test("no arguments run the daemon with a 30 s fallback poll (inotify reports each new file at once)")
    func defaults() async {
        guard case .run(let options) = NotifydCommand.launch([]) else {
            Issue.record("expected .run")
            return
        }
        #expect(options == NotifydOptions(once: false, pollInterval: 30, verbose: false))
    }

    @Test("--once, --poll-interval and --verbose are read")
    func optionsAreRead() async {
        guard case .run(let options) = NotifydCommand.launch(["--once", "--poll-interval", "1.5", "--verbose"]) else {
            Issue.record("expected .run")
            return
        }
        #expect(options == NotifydOptions(once: true, pollInterval: 1.5, verbose: true))
    }

    @Test("--desktop is auto by default, and reads auto, dbus and off; anything else is a usage error naming them")
    func desktopMode() async {
        guard case .run(let options) = NotifydCommand.launch([]) else {
            Issue.record("expected .run")
            return
        }
        #expect(options.desktop == .auto)
        for mode in DesktopMode.allCases {
            guard case .run(let options) = NotifydCommand.launch(["--desktop", mode.rawValue]) else {
                Issue.record("expected .run for \(mode)")
                continue
            }
            #expect(options.desktop == mode)
        }
        guard case .exit(let status, _, let errors) = NotifydCommand.launch(["--desktop", "kde"]) else {
            Issue.record("expected .exit")
            return
        }
        #expect(status == 64)
        #expect(errors.contains("kde") && errors.contains("auto") && errors.contains("dbus") && errors.contains("off"), "\(errors)")
    }

    @Test("--help explains the inbox protocol and exits 0")
    func helpExplainsTheInbox() async {
        guard case .exit(let status, let output, let errors) = NotifydCommand.launch(["--help"]) else {
            Issue.record("expected .exit")
            return
        }
        #expect(status == 0)
        #expect(errors.isEmpty)
        for phrase in [
            "tmp/", "new/", "cur/", "bad/", ".reason", "exactly once", "--poll-interval", "STRATA_HOME", "--desktop",
            "org.freedesktop.Notifications", "xdg-open", "DBUS_SESSION_BUS_ADDRESS",
        ] {
            #expect(output.contains(phrase), "help should mention \(phrase)")
        }
    }

    @Test("the --help example creates the inbox first and works without STRATA_HOME")
    func helpExampleCreatesTheInboxFirst() async throws {
        guard case .exit(_, let output, _) = NotifydCommand.launch(["--help"]) else {
            Issue.record("expected .exit")
            return
        }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Example") })
        let example = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
        #expect(example.first == "strata-notifyd --once", "\(example)")
        #expect(example.contains { $0.contains(#"${STRATA_HOME:-${XDG_DATA_HOME:-$HOME/.local/share}/strata}"#) })
        #expect(!example.contains { $0.hasPrefix("cd ") }, "\(example)")
    }

    @Test("--version prints the Strata version")
    func versionIsPrinted() async {
        guard case .exit(let status, let output, _) = NotifydCommand.launch(["--version"]) else {
            Issue.record("expected .exit")
            return
        }
        #expect(status == 0)
        #expect(output == StrataConstants.version + "\n")
    }

    @Test(
        "a bad argument is one line on standard error naming it, exit status 64",
        arguments: [
            (["--poll-interval", "0"], "--poll-interval"),
            (["--poll-interval", "-1"], "--poll-interval"),
            (["--poll-interval", "soon"], "'soon' is invalid for '--poll-interval <seconds>': it is not a number (see"),
            (["--bogus"], "'--bogus'"),
        ])
    func badArgumentIsOneLine(arguments: [String], named: String) {
        guard case .exit(let status, let output, let errors) = NotifydCommand.launch(arguments) else {
            Issue.record("expected .exit")
            return
        }
        #expect(status == 64)
        #expect(output.isEmpty)
        #expect(errors.hasPrefix("strata-notifyd: "))
        #expect(errors.contains(named), "\(errors)")
        #expect(errors.filter { $0 == "\n" }.count == 1, "one line: \(errors)")
    }
}
