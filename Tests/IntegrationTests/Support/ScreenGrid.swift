import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#endif

/// What a terminal of a given size shows after some output: a small emulator of the sequences
/// strata-host writes (cursor home and moves, clear, erase to the end of the line, SGR reverse
/// video and colours, the alternate screen), so a test reads the screen as a person sees it,
/// the cursor where it is.
struct ScreenGrid {
    /// One cell: its character (`nil` for the right half of a wide one), reverse video, colour.
    struct Cell: Equatable {
        var character: Character? = " "
        var reverse = false
        var colour: Int?
    }

    let columns: Int
    let rows: Int
    private(set) var cells: [[Cell]]
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private var reverse = false
    private var colour: Int?

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// The grid after `output` (everything the program wrote since it started).
    init(columns: Int, rows: Int, output: String) {
        self.init(columns: columns, rows: rows)
        feed(output)
    }

    /// Each row as text, trailing blanks dropped.
    var lines: [String] {
        cells.map { row in
            let text = String(row.compactMap(\.character))
            return String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// The row the cursor is on: where strata-host shows the line being typed.
    var typedLine: String { lines[cursorRow] }

    /// The whole screen as text, one row a line, trailing blank rows dropped.
    var text: String {
        var all = lines
        while all.last?.isEmpty == true { all.removeLast() }
        return all.joined(separator: "\n")
    }

    /// The rows shown in reverse video over their first character (the status line, the selection).
    var reversedRows: [Int] {
        cells.indices.filter { cells[$0].first?.reverse == true }
    }

    /// Whether any cell has a colour.
    var hasColour: Bool { cells.contains { $0.contains { $0.colour != nil } } }

    /// The colour (SGR 30–37) of the first cell of `row` that has one.
    func colour(ofRow row: Int) -> Int? { cells[row].lazy.compactMap(\.colour).first }

    mutating func feed(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        var pendingWrap = false
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\u{1B}":
                pendingWrap = false
                guard scalars.first == "[" else {
                    scalars = scalars.dropFirst()
                    continue
                }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.first, (0x20...0x3F).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                guard let final = scalars.first else { return }
                scalars = scalars.dropFirst()
                control(parameters, final: Character(final))
            case "\r":
                cursorColumn = 0
                pendingWrap = false
            case "\n":
                lineFeed()
                cursorColumn = 0  // ONLCR: the terminal sends CR LF for LF
                pendingWrap = false
            case "\u{08}":
                cursorColumn = max(0, cursorColumn - 1)
            default:
                guard scalar.value >= 0x20 else { continue }
                var character = String(scalar)
                // Combining marks and joiners stay with the character before them.
                while let next = scalars.first, next.properties.generalCategory == .nonspacingMark || next == "\u{200D}" || next == "\u{FE0F}" {
                    character.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                let width = max(1, TerminalText.displayWidth(character))
                if pendingWrap || cursorColumn + width > columns {
                    cursorColumn = 0
                    lineFeed()
                    pendingWrap = false
                }
                cells[cursorRow][cursorColumn] = Cell(character: Character(character), reverse: reverse, colour: colour)
                if width == 2, cursorColumn + 1 < columns {
                    cells[cursorRow][cursorColumn + 1] = Cell(character: nil, reverse: reverse, colour: colour)
                }
                cursorColumn += width
                if cursorColumn >= columns {
                    cursorColumn = columns - 1
                    pendingWrap = true
                }
            }
        }
    }

    private mutating func lineFeed() {
        if cursorRow + 1 < rows {
            cursorRow += 1
        } else {
            cells.removeFirst()
            cells.append(Array(repeating: Cell(), count: columns))
        }
    }

    private mutating func control(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? 0
        switch final {
        case "H":
            cursorRow = min(rows - 1, max(0, first - 1))
            cursorColumn = min(columns - 1, max(0, (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1))
        case "J" where first == 2:
            cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
        case "K":
            for column in cursorColumn..<columns { cells[cursorRow][column] = Cell() }
        case "D":
            cursorColumn = max(0, cursorColumn - max(1, first))
        case "C":
            cursorColumn = min(columns - 1, cursorColumn + max(1, first))
        case "h" where parameters == "?1049", "l" where parameters == "?1049":
            cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
            cursorRow = 0
            cursorColumn = 0
        case "m":
            for number in numbers.map({ $0 ?? 0 }) {
                switch number {
                case 0:
                    reverse = false
                    colour = nil
                case 7: reverse = true
                case 27: reverse = false
                case 30...37: colour = number
                case 39: colour = nil
                default: break
                }
            }
        default:
            break
        }
    }
}

extension PseudoTerminal {
    /// The screen as a terminal of `columns` × `rows` shows it now.
    func grid(columns: Int, rows: Int) -> ScreenGrid {
        ScreenGrid(columns: columns, rows: rows, output: screen)
    }

    /// Types `keys` as they are (no Enter added): arrows as their escape sequences.
    func press(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBufferPointer { write(controllerDescriptor, $0.baseAddress, $0.count) }
    }

    /// Key sequences as a terminal sends them (xterm, normal cursor mode).
    enum Key {
        static let up = "\u{1B}[A"
        static let down = "\u{1B}[B"
        static let right = "\u{1B}[C"
        static let left = "\u{1B}[D"
        static let pageUp = "\u{1B}[5~"
        static let pageDown = "\u{1B}[6~"
        static let home = "\u{1B}[H"
        static let end = "\u{1B}[F"
        static let escape = "\u{1B}"
        static let enter = "\r"
        static let backspace = "\u{7F}"
    }
}
