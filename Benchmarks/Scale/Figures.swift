import Foundation

/// The figures of one run: per path, one point per size (what `--json` writes and
/// `scripts/plot-scale` draws).
struct Figures: Codable {
    /// `/proc/loadavg` before and after the run (the machine may be shared).
    var loadBefore: String
    var loadAfter = ""
    var sizes: [Int]
    var paths: [Path] = []

    /// One path: its points, and what one operation is and what the baseline is.
    struct Path: Codable {
        var name: String
        var operation: String
        var unit: String
        var baseline: String
        var points: [Point] = []
    }

    /// One size: the median cost of one operation through Strata and through the baseline.
    struct Point: Codable {
        var size: Int
        var strata: Double
        var baseline: Double
        var ratio: Double { baseline > 0 ? strata / baseline : 0 }

        enum CodingKeys: String, CodingKey { case size, strata, baseline, ratio }

        init(size: Int, strata: Double, baseline: Double) {
            (self.size, self.strata, self.baseline) = (size, strata, baseline)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            size = try container.decode(Int.self, forKey: .size)
            strata = try container.decode(Double.self, forKey: .strata)
            baseline = try container.decode(Double.self, forKey: .baseline)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(size, forKey: .size)
            try container.encode(strata, forKey: .strata)
            try container.encode(baseline, forKey: .baseline)
            try container.encode(ratio, forKey: .ratio)
        }
    }

    /// Adds a point to the path named `name` (creating it on first use).
    mutating func add(_ name: String, operation: String, unit: String, baseline: String, _ point: Point) {
        if let index = paths.firstIndex(where: { $0.name == name }) {
            paths[index].points.append(point)
        } else {
            paths.append(Path(name: name, operation: operation, unit: unit, baseline: baseline, points: [point]))
        }
    }

    /// The human table: per path, size, Strata's cost, the baseline's, the ratio, and the
    /// growth of Strata's cost per operation from the smallest size.
    func printTables() {
        for path in paths {
            print("\n\(path.name): \(path.operation) (\(path.unit), median; baseline: \(path.baseline))")
            print("  " + pad("size", 10) + pad("strata", 12) + pad("baseline", 12) + pad("ratio", 9) + pad("growth", 9))
            let first = path.points.first?.strata ?? 0
            for point in path.points {
                print(
                    "  " + pad("\(point.size)", 10) + pad(Self.number(point.strata), 12) + pad(Self.number(point.baseline), 12)
                        + pad(String(format: "%.2fx", point.ratio), 9) + pad(String(format: "%.2fx", first > 0 ? point.strata / first : 0), 9))
            }
        }
    }

    /// The figures as JSON.
    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url)
    }

    static func number(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : String(repeating: " ", count: width - text.count) + text
    }
}
