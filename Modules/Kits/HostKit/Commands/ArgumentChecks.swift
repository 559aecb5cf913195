import ArgumentParser
import StrataContainer

/// The checks `strata-host`'s hand-written commands run on their arguments before anything is
/// opened (the declared ones check theirs through `RouteDeclaration.commandLine(_:)`): each
/// failure is a `ValidationError` (one line naming the argument, exit status 64).
enum ArgumentChecks {
    /// Refuses an id that is empty or blank, holds a control character, or holds a `/` (which
    /// would reach another route: `reports show ID/delete` must never delete).
    ///
    /// - Parameters:
    ///   - id: the id as given.
    ///   - name: the argument as people see it (`the change id`).
    ///   - expected: what a valid id is.
    static func identifier(_ id: String, name: String, expected: String) throws {
        if let problem = RouteDeclaration.identifierProblem(id, name: name, expected: expected) {
            throw ValidationError(problem)
        }
    }
}
