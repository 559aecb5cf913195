import ArgumentParser
import StrataCrossCutting
import StrataMaintenance
import StrataSession
import StrataStore

extension StoreCommand {
    /// `store key`: where the data key is, and `--to secret-service|file` to move it.
    struct Key: ParsableCommand, StoreSubcommand {
        /// Where `--to` moves the key.
        enum Destination: String, ExpressibleByArgument, CaseIterable {
            case secretService = "secret-service"
            case file

            /// The data layer's name for the place.
            var kind: DataKeyKind {
                switch self {
                case .secretService: .secretService
                case .file: .file
                }
            }
        }

        static let configuration = CommandConfiguration(
            commandName: "key",
            abstract: "Show where the data key is, or move it between the Secret Service and the key file.",
            discussion: """
                The data key encrypts the sensitive fields. It lives in the session's Secret Service \
                (gnome-keyring, KeePassXC, …) when the session offers one that takes it and the store is \
                new, else in the owner-only file keys/data.key in the container; a key already in the \
                file stays there until you move it. When both hold it (an interrupted move) the file \
                wins. STRATA_KEY_PLACE=file keeps the Secret Service out; =secret-service never uses \
                the file for a new key.

                It also says why the key is there, as the store recorded it when it made the key \
                (the Secret Service took it; STRATA_KEY_PLACE chose; there was no Secret Service; the \
                Secret Service refused it, and its reason) or moved it.

                --to writes the key to the new place, reads it back and checks it against the store, \
                and only then removes it from the old place: a failure leaves the key where it was. \
                Exit 75 when the Secret Service cannot be reached (no session bus, a locked keyring).

                Examples:
                  strata-host store key
                  strata-host store key --to secret-service
                  strata-host store key --to file
                """
        )

        @Option(help: ArgumentHelp("Move the key there: secret-service or file.", valueName: "place"))
        var to: Destination?

        @Flag(help: "Say where the key is (the default when --to is not given).")
        var showLocation = false

        @OptionGroup var global: GlobalOptions

        /// Why the key is where it is, as the store recorded it; `nil` when it recorded nothing
        /// (no key yet, or a store made before it did).
        static func why(_ report: DataKeyReport) -> String? {
            guard report.kind != nil, !report.moved, var choice = report.choice else { return nil }
            if case .noSecretService(let why) = choice, why == report.keyringProblem {
                choice = .noSecretService("")  // the line above says it already
            }
            let because = TerminalText.escaped(choice.because)
            return localized("It is there because \(because).", ja: "\(because)、そこに置かれています。")
        }

        func validate() throws {
            if to != nil, showLocation {
                throw ValidationError(
                    localized(
                        "give either --to or --show-location, not both",
                        ja: "--to と --show-location はどちらか一方だけを指定してください"))
            }
        }

        func run(_ maintenance: any StoreMaintenance, output: OutputSink) async throws -> Int32 {
            do {
                let report = if let to { try await maintenance.moveKey(to: to.kind) } else { try await maintenance.dataKey() }
                output.out([StoreText.key(report), Self.why(report)].compactMap { $0 }.joined(separator: "\n"))
                return 0
            } catch let error as DataError where error.code == .keyringUnavailable {
                // Try again once the session's keyring answers (EX_TEMPFAIL).
                output.err(FailureLine.line(program: StrataHostCLI.programName, error: error, verbose: global.verbose))
                return 75
            }
        }
    }
}
