import StrataContainer
import StrataContainerTesting
import Synchronization
import Testing

/// `FormScreen` on its own: each value checked as it is entered, closed choices, the form words
/// (`back`, `cancel`, `home`, `quit`), the backslash that makes a word a value, and the
/// submit's refusals.
@Suite("FormScreen: per-field checks, choices, form words")
struct FormScreenTests {
    /// What the submit closure received, and what it answers next.
    final class Submitted: Sendable {
        private let state = Mutex<(values: [[String: String]], answers: [FormScreen.Outcome])>(([], []))
        func answer(_ outcomes: FormScreen.Outcome...) { state.withLock { $0.answers = outcomes } }
        func take(_ values: [String: String]) -> FormScreen.Outcome {
            state.withLock { state in
                state.values.append(values)
                return state.answers.isEmpty ? .done(.back) : state.answers.removeFirst()
            }
        }
        var values: [[String: String]] { state.withLock { $0.values } }
    }

    private func booted() async throws -> any RunningContainer {
        try await ContainerDoubles().boot(.testing(applications: ["Launcher", "Reports"]))
    }

    private static let ageCheck: FormScreen.Check = { text in
        guard let age = Int(text) else { return "age '\(text)' is not a whole number" }
        return (0...150).contains(age) ? nil : "age is \(age); expected 0 to 150 (years)"
    }

    private func form(_ submitted: Submitted) -> FormScreen {
        FormScreen(
            title: "New case report",
            fields: [
                .init(name: "name", prompt: "Patient name", required: true),
                .init(name: "age", prompt: "Age", required: true, check: Self.ageCheck),
                .init(
                    name: "gender", prompt: "Gender", defaultValue: "unspecified",
                    choices: [.init("female", label: "女性"), .init("male"), .init("unspecified")]),
                .init(
                    name: "medication", prompt: "Medications", defaultValue: "",
                    choices: [.init("ace"), .init("arb"), .init("diuretic")], allowsSeveral: true),
            ]
        ) { values, _ in submitted.take(values) }
    }

    @Test("a refused value shows the check's message and asks that field alone again, the earlier answer kept")
    func checkReasksTheField() async throws {
        let container = try await booted()
        let submitted = Submitted()
        let form = form(submitted)
        #expect(await form.handle(input: "Hanako", context: container.context) == .stay)
        #expect(await form.handle(input: "200", context: container.context) == .message("age is 200; expected 0 to 150 (years)"))
        let screen = await form.render()
        #expect(screen.contains("  Patient name: Hanako"))
        #expect(screen.contains("> Age (required)"))
        #expect(await form.handle(input: "abc", context: container.context) == .message("age 'abc' is not a whole number"))
        #expect(await form.handle(input: "42", context: container.context) == .stay)
        #expect(await form.render().contains("> Gender [unspecified]"))
        await container.terminate(.quit)
    }

    @Test("choices are listed numbered under the prompt; a number, a value or a label picks one; anything else is refused")
    func choices() async throws {
        let container = try await booted()
        let submitted = Submitted()
        let form = form(submitted)
        _ = await form.handle(input: "Hanako", context: container.context)
        _ = await form.handle(input: "42", context: container.context)
        let screen = await form.render()
        let prompt = try #require(screen.firstIndex(of: "> Gender [unspecified]"))
        #expect(Array(screen[(prompt + 1)...(prompt + 3)]) == ["    1. 女性 (female)", "    2. male", "    3. unspecified"])
        let refused = await form.handle(input: "4", context: container.context)
        #expect(refused == .message("Gender: '4' is not one of the choices; type a number from 1 to 3 or a listed value."))
        #expect(await form.handle(input: "robot", context: container.context) != .stay)
        #expect(await form.handle(input: "1", context: container.context) == .stay)
        #expect(await form.render().contains("  Gender: 女性 (female)"))
        #expect(await form.render().contains("    Several allowed, separated by commas (1,3 or ace,diuretic)."))
        #expect(await form.handle(input: "1, diuretic,ARB", context: container.context) == .back)
        #expect(submitted.values == [["name": "Hanako", "age": "42", "gender": "female", "medication": "ace,diuretic,arb"]])
        await container.terminate(.quit)
    }

    @Test("one unknown part of a several-choice answer refuses the whole answer, naming the part")
    func severalChoicesRefusePart() async throws {
        let container = try await booted()
        let form = form(Submitted())
        for line in ["Hanako", "42", ""] { _ = await form.handle(input: line, context: container.context) }
        let refused = await form.handle(input: "1,aspirin", context: container.context)
        #expect(refused == .message("Medications: 'aspirin' is not one of the choices; type a number from 1 to 3 or a listed value."))
        #expect(await form.render().contains("> Medications []"))
        await container.terminate(.quit)
    }

    @Test("back asks the previous field (leaves on the first), cancel leaves, quit quits, home opens the Launcher")
    func formWords() async throws {
        let container = try await booted()
        let form = form(Submitted())
        _ = await form.handle(input: "Hanako", context: container.context)
        #expect(await form.handle(input: "back", context: container.context) == .stay)
        #expect(await form.render().contains("> Patient name [Hanako] (required)"))
        #expect(await form.handle(input: "BACK", context: container.context) == .back)
        #expect(await form.handle(input: "cancel", context: container.context) == .back)
        #expect(await form.handle(input: "quit", context: container.context) == .quit)
        _ = try await container.context.startApplication("Reports")
        #expect(await form.handle(input: "home", context: container.context) == .stay)
        #expect(await container.context.currentApplication?.name == "Launcher")
        await container.terminate(.quit)
    }

    @Test("a leading backslash enters a form word (or a backslash) as the value")
    func backslashMakesAValue() async throws {
        let container = try await booted()
        let submitted = Submitted()
        let form = FormScreen(
            title: "t", fields: [.init(name: "a", prompt: "A"), .init(name: "b", prompt: "B"), .init(name: "c", prompt: "C")]
        ) { values, _ in submitted.take(values) }
        #expect(await form.handle(input: "\\back", context: container.context) == .stay)
        #expect(await form.handle(input: "\\quit", context: container.context) == .stay)
        #expect(await form.handle(input: "\\\\x", context: container.context) == .back)
        #expect(submitted.values == [["a": "back", "b": "quit", "c": "\\x"]])
        #expect(await form.render().contains { $0.contains("\\back enters the word back as a value") })
        await container.terminate(.quit)
    }

    @Test("a submit refusing one field asks that field alone, every other answer kept; retry starts over")
    func submitRefusals() async throws {
        let container = try await booted()
        let submitted = Submitted()
        submitted.answer(.refuse(field: "age", message: "age is refused"), .retry("all refused"))
        let form = form(submitted)
        for line in ["Hanako", "42", "2"] { _ = await form.handle(input: line, context: container.context) }
        #expect(await form.handle(input: "", context: container.context) == .message("age is refused"))
        let screen = await form.render()
        #expect(screen.contains("  Patient name: Hanako") && screen.contains("> Age (required)"))
        #expect(!screen.contains { $0.contains("Gender:") })
        #expect(await form.handle(input: "43", context: container.context) == .stay)
        #expect(await form.handle(input: "", context: container.context) == .stay)
        #expect(await form.handle(input: "", context: container.context) == .message("all refused"))
        #expect(await form.render().contains("> Patient name [Hanako] (required)"))
        #expect(submitted.values.map { $0["age"] } == ["42", "43"])
        #expect(submitted.values.last?["gender"] == "male")
        await container.terminate(.quit)
    }

    @Test("a searched field lists the first choices, picks the one a word matches, lists several matches")
    func searchedChoices() async throws {
        let container = try await booted()
        let submitted = Submitted()
        let all: [FormScreen.Choice] = [
            .init("id-1", label: "Hanako Sato, 2026-11-22"), .init("id-2", label: "Taro Sato, 2026-11-21"),
            .init("id-3", label: "Jiro Yamada, 2026-11-20"),
        ]
        let form = FormScreen(
            title: "t",
            fields: [
                .init(
                    name: "report", prompt: "Case report", required: true,
                    check: { $0.hasPrefix("id-") ? nil : "no case report with id '\($0)'" },
                    search: { word in word.isEmpty ? Array(all.prefix(2)) : all.filter { $0.label!.contains(word) } }),
                .init(name: "memo", prompt: "Memo"),
            ]
        ) { values, _ in submitted.take(values) }
        let screen = await form.render()
        #expect(screen.contains("    1. Hanako Sato, 2026-11-22 (id-1)") && !screen.contains { $0.contains("Yamada") })
        #expect(await form.handle(input: "Sato", context: container.context) == .message("2 match 'Sato': type the number of one."))
        #expect(await form.handle(input: "Yamada", context: container.context) == .stay)
        #expect(await form.render().contains("  Case report: Jiro Yamada, 2026-11-20 (id-3)"))
        #expect(await form.handle(input: "back", context: container.context) == .stay)
        #expect(await form.handle(input: "nobody", context: container.context) == .message("no case report with id 'nobody'"))
        #expect(await form.handle(input: "2", context: container.context) == .stay)
        #expect(await form.handle(input: "", context: container.context) == .back)
        #expect(submitted.values.first?["report"] == "id-2")
        await container.terminate(.quit)
    }
}
