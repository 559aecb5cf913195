/// Keys from a full-screen terminal that ``TerminalIO/readsKeys``: what ``KeyboardSession``
/// makes of each, acted on.
extension ContainerRuntime {
    /// Handles one key: moves the selection, edits the typed line, or sends a line to the
    /// screen on top (``input(_:)``), and draws what changed.
    func press(_ key: TerminalKey) async {
        guard phase == .running, let top = navigation?.top else { return }
        if shown?.entry != top.id { await drawTopScreen() }
        let inputBefore = keyboard.input(hidesInput: top.screen.hidesInput)
        let modeBefore = keyboard.mode
        let action = keyboard.press(key, layout: shown?.layout, hidesInput: top.screen.hidesInput)
        switch action {
        case .none:
            break
        case .redraw:
            // Only the typed line changed (on a screen without a list, or the command line of one).
            let onlyTyped =
                keyboard.mode == modeBefore && inputBefore != nil && keyboard.mode != .help
                && keyboard.scroll == 0 && (shown?.layout == nil || keyboard.mode != .navigation)
            await drawTopScreen(rendering: false, inputOnly: onlyTyped)
        case .submit(let line):
            await input(line)
        case .quit:
            if !(await requestQuit()) { await drawTopScreen() }
        case .endOfInput:
            // Nobody is left to answer a veto: this quit is not asked.
            await terminate(.quit)
        }
    }
}
