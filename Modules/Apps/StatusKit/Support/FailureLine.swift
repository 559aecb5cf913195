import Foundation

/// Turns an error into the one line `strata-status` prints on standard error.
///
/// Strata's error types (`DomainError`, `DataError`, `CrossCuttingError`) are structs with a
/// `code` and a readable `message` naming the argument, id or file, and their `description`
/// is that message. `--verbose` adds the type and code (`[DomainError.notFound]`) so a bug
/// report can quote them. The kit reads `code` by reflection, so it needs no import of the
/// data layer just to print its errors.
enum FailureLine {
    /// `<program>: <message>`, plus ` [Type.code]` when `verbose`; always one line.
    static func line(program: String, error: any Error, verbose: Bool) -> String {
        var line = "\(program): \(singleLine(String(describing: error)))"
        if verbose { line += " [\(code(of: error))]" }
        return line
    }

    /// `Type.code` for Strata's errors (`DataError.notFound`), else the error's type name.
    static func code(of error: any Error) -> String {
        let typeName = String(describing: type(of: error))
        let code = Mirror(reflecting: error).children.first { $0.label == "code" }?.value
        return code.map { "\(typeName).\($0)" } ?? typeName
    }

    /// `text` with line breaks folded into spaces and surrounding blanks trimmed.
    static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
