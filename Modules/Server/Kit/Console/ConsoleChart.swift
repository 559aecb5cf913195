import StrataServerDomain

/// The stats page's one chart: monitoring events per day as an inline SVG bar chart, drawn on
/// the server (no script). Only numbers and the server's own `YYYY-MM-DD` days go into it, and
/// those are escaped all the same.
enum ConsoleChart {
    /// The chart's size in SVG units.
    static let width = 720, height = 240
    static let left = 48, bottom = 36, top = 16

    /// `<svg id="events-chart">` with one bar per day of `days` (oldest first), its height the
    /// day's events of every kind; an axis with the largest count; the first, middle and last
    /// days labelled.
    static func svg(_ days: [UsageStats.Day], title: String) -> String {
        let counts = days.map { $0.events.values.reduce(0, +) }
        let largest = max(counts.max() ?? 0, 1)
        let plotWidth = width - left - 8, plotHeight = height - bottom - top
        let slot = Double(plotWidth) / Double(max(days.count, 1))
        let barWidth = max(1.0, slot * 0.7)
        var parts: [String] = [
            #"<svg id="events-chart" xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
                + #"viewBox="0 0 \#(width) \#(height)" role="img" aria-label="\#(escaped(title))">"#,
            "<title>\(escaped(title))</title>",
            #"<rect x="0" y="0" width="\#(width)" height="\#(height)" fill="white"/>"#,
            #"<line x1="\#(left)" y1="\#(top)" x2="\#(left)" y2="\#(top + plotHeight)" stroke="dimgray"/>"#,
            #"<line x1="\#(left)" y1="\#(top + plotHeight)" x2="\#(width - 8)" y2="\#(top + plotHeight)" stroke="dimgray"/>"#,
            #"<text x="\#(left - 6)" y="\#(top + 10)" font-size="11" text-anchor="end">\#(largest)</text>"#,
            #"<text x="\#(left - 6)" y="\#(top + plotHeight)" font-size="11" text-anchor="end">0</text>"#,
        ]
        let labelled = Set([0, days.count / 2, days.count - 1])
        for (index, day) in days.enumerated() {
            let count = counts[index]
            let barHeight = Double(plotHeight) * Double(count) / Double(largest)
            let x = Double(left) + slot * Double(index) + (slot - barWidth) / 2
            let y = Double(top + plotHeight) - barHeight
            parts.append(
                #"<rect class="bar" x="\#(format(x))" y="\#(format(y))" width="\#(format(barWidth))" "#
                    + #"height="\#(format(barHeight))" fill="royalblue"><title>\#(escaped(day.day)): \#(count)</title></rect>"#)
            if labelled.contains(index) {
                parts.append(
                    #"<text x="\#(format(x + barWidth / 2))" y="\#(top + plotHeight + 16)" font-size="11" "#
                        + #"text-anchor="middle">\#(escaped(day.day))</text>"#)
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// `value` with one decimal.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// `text` with `<`, `>`, `&`, `"` and `'` escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
