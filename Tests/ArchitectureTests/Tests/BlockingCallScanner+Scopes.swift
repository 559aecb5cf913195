import Foundation

/// How BlockingCallScanner reads Swift text: the scopes that decide a call's context, and
/// the text with its comments and strings blanked so neither is mistaken for code.
extension BlockingCallScanner {
    // MARK: Scopes

    /// The brace-delimited scopes of `code` that decide a call's context.
    static func scopes(in code: NSString, lanes: Set<String>, wrappers: Set<String>) -> [Scope] {
        let text = code as String
        let all = NSRange(location: 0, length: code.length)
        let pairs = braces(in: code)
        func body(after offset: Int) -> (Int, Int)? {
            var index = offset
            while index < code.length {
                let unit = code.character(at: index)
                if unit == 123 /* { */ { return pairs[index].map { (index, $0) } }
                if unit == 125 /* } */ || unit == 59 /* ; */ { return nil }
                index += 1
            }
            return nil
        }
        var scopes: [Scope] = []
        // Types, for initializers' names.
        let type = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\b(class|struct|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)"#)
        for match in type.matches(in: text, range: all) {
            guard let (open, close) = body(after: match.range.location + match.range.length) else { continue }
            let name = code.substring(with: match.range(at: 2)).split(separator: ".").last.map(String.init) ?? ""
            scopes.append(Scope(open: open, close: close, kind: .type(name)))
        }
        // Functions and initializers: async when `async` follows the parameters.
        let function = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"(?<![.\w])(?:func\s+([A-Za-z_]\w*|[^\s(<]+)|(init)[?!]?|(deinit)\b)\s*(<[^>{]*>)?\s*(\()?"#)
        for match in function.matches(in: text, range: all) {
            let nameRange = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2).location != NSNotFound ? match.range(at: 2) : match.range(at: 3)
            var name = code.substring(with: nameRange)
            var after = match.range.location + match.range.length
            if match.range(at: 5).location != NSNotFound {
                guard let close = matchingParenthesis(in: code, from: match.range(at: 5).location) else { continue }
                after = close + 1
            }
            // The signature runs to the body's brace; a requirement without a body ends earlier.
            var index = after
            var signature = ""
            var open: Int?
            while index < code.length {
                let unit = code.character(at: index)
                if unit == 123 { open = index; break }
                if unit == 125 || unit == 59 { break }
                signature.append(Character(UnicodeScalar(unit) ?? " "))
                if signature.range(of: #"\b(func|var|let|case|init|subscript)\b|@\w"#, options: .regularExpression) != nil { break }
                index += 1
            }
            guard let open, let close = pairs[open] else { continue }
            if name == "init" || name == "deinit" {
                let enclosing = scopes.filter { $0.open < open && close < $0.close }.min { $0.close - $0.open < $1.close - $1.open }
                if case .type(let typeName) = enclosing?.kind { name = typeName }
            }
            let isAsync = signature.range(of: #"\basync\b"#, options: .regularExpression) != nil
            scopes.append(Scope(open: open, close: close, kind: isAsync ? .asyncContext("async `\(name)`") : .syncFunction(name)))
        }
        // Async accessors.
        let accessor = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\bget\s+async\b[^{}]*\{"#)
        for match in accessor.matches(in: text, range: all) {
            let open = match.range.location + match.range.length - 1
            if let close = pairs[open] { scopes.append(Scope(open: open, close: close, kind: .asyncContext("an async getter"))) }
        }
        // Closures that run as tasks, or are async.
        let task = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\b(Task(\s*\.\s*detached)?|addTask(UnlessCancelled)?|BlockingLane\s*\.\s*wait|waitFor)\s*(\([^(){}]*(\([^(){}]*\)[^(){}]*)*\))?\s*\{|\{[^{}]{0,120}?\basync\b[^{}]{0,80}?\bin\b"#)
        for match in task.matches(in: text, range: all) {
            let matched = code.substring(with: match.range)
            let open = matched.hasPrefix("{") ? match.range.location : match.range.location + match.range.length - 1
            if let close = pairs[open] { scopes.append(Scope(open: open, close: close, kind: .asyncContext("a task's async closure"))) }
        }
        // Task group bodies: `withTaskGroup(…) { group in … }` runs in the caller's async context (transparent).
        // Closures handed to a lane.
        let lane = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"(BlockingLane\s*\([^{}]*\)|[\w.]+)\s*\.\s*(run|start)\s*\(?\s*\{"#)
        for match in lane.matches(in: text, range: all) {
            let receiver = code.substring(with: match.range(at: 1))
            let last = receiver.split(separator: ".").last.map(String.init) ?? receiver
            guard receiver.hasPrefix("BlockingLane") || lanes.contains(last) else { continue }
            let open = match.range.location + match.range.length - 1
            if let close = pairs[open] { scopes.append(Scope(open: open, close: close, kind: .lane)) }
        }
        // Trailing closures of lane wrappers.
        if !wrappers.isEmpty {
            let names = wrappers.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
            let call = try! NSRegularExpression(  // swiftlint:disable:this force_try
                pattern: #"(?<![\w])("# + names + #")\s*(\([^(){}]*\))?\s*\{"#)
            for match in call.matches(in: text, range: all) {
                let open = match.range.location + match.range.length - 1
                if let close = pairs[open] { scopes.append(Scope(open: open, close: close, kind: .lane)) }
            }
        }
        return scopes
    }

    /// Each `{`'s matching `}`, by offset.
    static func braces(in code: NSString) -> [Int: Int] {
        var pairs: [Int: Int] = [:]
        var stack: [Int] = []
        for index in 0..<code.length {
            switch code.character(at: index) {
            case 123: stack.append(index)
            case 125: if let open = stack.popLast() { pairs[open] = index }
            default: break
            }
        }
        return pairs
    }

    /// The `)` matching the `(` at `open`.
    static func matchingParenthesis(in code: NSString, from open: Int) -> Int? {
        var depth = 0
        for index in open..<code.length {
            switch code.character(at: index) {
            case 40: depth += 1
            case 41:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    // MARK: Blanking comments and strings

    /// `text` with every comment and string literal's characters replaced by spaces (line
    /// breaks kept, so offsets and lines stay those of the file); an interpolation's code stays.
    static func code(of text: String) -> NSString {
        let units = Array(text.utf16)
        var out = units
        let count = units.count
        enum Mode {
            case code(depth: Int)  // depth: -1 at the top, else parentheses open in an interpolation
            case string(multiline: Bool, hashes: Int)
        }
        var stack: [Mode] = [.code(depth: -1)]
        var index = 0
        func at(_ offset: Int) -> UInt16 { offset < count ? units[offset] : 0 }
        func blank(_ offset: Int) { if offset < count && units[offset] != 10 { out[offset] = 32 } }
        let slash: UInt16 = 47, star: UInt16 = 42, quote: UInt16 = 34, hash: UInt16 = 35, backslash: UInt16 = 92
        while index < count {
            switch stack[stack.count - 1] {
            case .code(let depth):
                let unit = units[index]
                if unit == slash && at(index + 1) == slash {
                    while index < count && units[index] != 10 { blank(index); index += 1 }
                    continue
                }
                if unit == slash && at(index + 1) == star {
                    var nesting = 0
                    repeat {
                        if at(index) == slash && at(index + 1) == star { nesting += 1; blank(index); blank(index + 1); index += 2; continue }
                        if at(index) == star && at(index + 1) == slash { nesting -= 1; blank(index); blank(index + 1); index += 2; continue }
                        blank(index)
                        index += 1
                    } while nesting > 0 && index < count
                    continue
                }
                if unit == quote || unit == hash {
                    var end = index
                    while at(end) == hash { end += 1 }
                    if at(end) == quote {
                        let hashes = end - index
                        let multiline = at(end + 1) == quote && at(end + 2) == quote
                        let stop = end + (multiline ? 3 : 1)
                        for offset in index..<stop { blank(offset) }
                        stack.append(.string(multiline: multiline, hashes: hashes))
                        index = stop
                        continue
                    }
                }
                if depth >= 0 && unit == 40 { stack[stack.count - 1] = .code(depth: depth + 1) }
                if depth >= 0 && unit == 41 {
                    if depth == 0 {
                        blank(index)
                        stack.removeLast()
                        index += 1
                        continue
                    }
                    stack[stack.count - 1] = .code(depth: depth - 1)
                }
                index += 1
            case .string(let multiline, let hashes):
                let unit = units[index]
                if unit == backslash {
                    var end = index + 1
                    while end - index - 1 < hashes && at(end) == hash { end += 1 }
                    if end - index - 1 == hashes {
                        if at(end) == 40 {
                            for offset in index...end { blank(offset) }
                            stack.append(.code(depth: 0))
                            index = end + 1
                            continue
                        }
                        for offset in index...min(end, count - 1) { blank(offset) }
                        index = end + 1
                        continue
                    }
                }
                if unit == quote {
                    let quotes = multiline ? 3 : 1
                    var closes = true
                    for offset in 0..<quotes where at(index + offset) != quote { closes = false }
                    for offset in 0..<hashes where at(index + quotes + offset) != hash { closes = false }
                    if closes {
                        for offset in index..<(index + quotes + hashes) { blank(offset) }
                        stack.removeLast()
                        index += quotes + hashes
                        continue
                    }
                }
                if unit == 10 && !multiline {
                    stack.removeLast()
                    index += 1
                    continue
                }
                blank(index)
                index += 1
            }
        }
        return String(decoding: out, as: UTF16.self) as NSString
    }
}
