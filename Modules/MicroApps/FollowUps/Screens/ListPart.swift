import StrataContainer

/// One line of a list screen as it is built top to bottom: a plain line or a selectable row.
enum ListPart {
    /// A line nobody selects (a title, a table's header row, a hint).
    case line(String)
    /// A row a person selects and opens.
    case row(ScreenItem)

    /// The layout of `parts`: the lines before the first row are its header, those after the
    /// last row its footer, and a line between two rows (a second table's title or header row)
    /// a section the selection skips (``ScreenItem/section(id:text:)``), with an id naming its
    /// place.
    static func layout(_ parts: [ListPart]) -> ScreenLayout {
        let rows = parts.indices.filter { if case .row = parts[$0] { true } else { false } }
        func text(_ part: ListPart) -> String {
            switch part {
            case .line(let line): line
            case .row(let item): item.text
            }
        }
        guard let first = rows.first, let last = rows.last else {
            return ScreenLayout(header: parts.map(text))
        }
        let items = parts[first...last].enumerated().map { offset, part in
            switch part {
            case .row(let item): item
            case .line(let line): ScreenItem.section(id: "line \(first + offset)", text: line)
            }
        }
        return ScreenLayout(header: parts[..<first].map(text), items: items, footer: parts[(last + 1)...].map(text))
    }
}
