/// One key a person pressed on a full-screen terminal, decoded from the bytes it sent.
///
/// A full-screen terminal reads keys one at a time (``TerminalIO/readsKeys``) and hands them to
/// the container, which moves the selection of a list, edits the command line, or sends a typed
/// line to the screen on top.
public enum TerminalKey: Sendable, Hashable {
    /// A printable character (a letter, a digit, a space, kana).
    case character(Character)
    /// Enter (CR, LF, or CR LF).
    case enter
    /// Esc pressed alone (not the start of an arrow key's sequence).
    case escape
    /// Backspace (DEL or BS): erase the character before the cursor.
    case backspace
    /// Delete (`ESC [ 3 ~`): erase the character under the cursor.
    case delete
    /// Tab.
    case tab
    /// The arrow keys.
    case up, down, left, right
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Home and End.
    case home, end
    /// Ctrl and a letter (`"a"` for Ctrl-A), other than those with keys of their own (Tab,
    /// Enter, Backspace).
    case control(Character)
}
