import ArgumentParser
import Foundation
import StrataLayering

/// The entry point: parse, run, and turn what happened into one exit status.
///
/// - `--help` prints to standard output, status 0.
/// - A usage error (an option given twice included) is one line on standard error
///   (`strata-check-layers: <what was wrong> (see --help)`), status 64.
/// - A package, policy or baseline that cannot be read is one line naming the file and the
///   key, status 65.
/// - Otherwise 1 when violations were reported, 0 when none.
@main
enum Main {
    static func main() {
        let program = "strata-check-layers"
        let command: CheckLayersCommand
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let repeated = CheckLayersCommand.repeatedOption(in: arguments) {
            let line = "\(program): \(repeated) is given twice; expected each option once (see \(program) --help)\n"
            FileHandle.standardError.write(Data(line.utf8))
            exit(64)
        }
        do {
            var parsed = try CheckLayersCommand.parseAsRoot(arguments)
            guard let own = parsed as? CheckLayersCommand else {
                try parsed.run()  // ArgumentParser's own help command: it throws the help to print
                exit(0)
            }
            command = own
        } catch {
            let status = CheckLayersCommand.exitCode(for: error).rawValue
            if status == 0 {
                print(CheckLayersCommand.fullMessage(for: error))
            } else {
                let message = CheckLayersCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
                var line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
                if let (word, near) = Suggestion.nearestOption(to: arguments, message: line) {
                    line = "Unexpected argument '\(word)'. Did you mean '\(near)'?"
                }
                FileHandle.standardError.write(Data("\(program): \(line) (see \(program) --help)\n".utf8))
            }
            exit(status)
        }
        do {
            exit(command.finish(try command.execute()))
        } catch let error as LayeringError {
            FileHandle.standardError.write(Data("\(program): \(error.description)\n".utf8))
            exit(command.finish(65))
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            exit(1)
        }
    }
}
