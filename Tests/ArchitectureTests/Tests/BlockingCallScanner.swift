import Foundation

/// A lexical scan for blocking calls reachable from `async` code outside a ``BlockingLane``
/// (StrataCrossCutting's one executor for blocking work): the rule "never block the
/// cooperative pool" as a check.
///
/// It reads Swift sources as text (comments and string literals blanked, braces matched) and:
/// 1. finds **blocking calls**: SQLite's C API, file-system and `FileHandle` I/O, POSIX
///    descriptor and process calls, sleeps, semaphores and `DispatchQueue.sync`, PBKDF2, a
///    sync-over-async wait (see ``patterns``);
/// 2. marks every **sync function** whose body makes one (or calls such a function, by name,
///    transitively) as blocking: calling it blocks too;
/// 3. reports each blocking call, direct or through a blocking function, whose innermost
///    enclosing scope is `async` (an `async` function or initializer, a `Task { }`, a task
///    group's child, an `async` closure) rather than a closure handed to a lane (`lane.run { }`,
///    `lane.start { }`) or a sync function.
///
/// A call preceded by `await` in its statement is an `async` call, never a blocking one. Names
/// are matched as text: a sync blocking function and an `async` one of the same name are told
/// apart by that `await`.
struct BlockingCallScanner {
    /// One source file: its path relative to the repository and its text.
    struct Source {
        let path: String
        let text: String
    }

    /// A blocking call made from an `async` context.
    struct Finding: CustomStringConvertible, Equatable, Sendable {
        let path: String
        let line: Int
        /// The call as written (`sqlite3_step`, `FileManager.default.moveItem`, `pendingNames`).
        let call: String
        /// Why it blocks: the blocking API, or the chain of sync functions that reach one.
        let because: String
        /// The `async` function or closure it is made in.
        let context: String

        var description: String {
            "\(path):\(line): `\(call)` blocks (\(because)) and is called from \(context), so it holds a thread of "
                + "Swift's cooperative pool. Run it on a lane: `try await lane.run { \(call)(…) }` with a "
                + "BlockingLane (StrataCrossCutting; `BlockingLane.shared` for one-off work, a lane of the type's own "
                + "for ordered work such as a database), or make the enclosing function sync and call it from a lane."
        }
    }

    /// A blocking API: a regular expression on code (comments and strings blanked) and what it is.
    struct Pattern {
        let regex: NSRegularExpression
        let what: String

        init(_ pattern: String, _ what: String) {
            // The patterns below are constants: a typo is a programming error of this file.
            regex = try! NSRegularExpression(pattern: pattern)  // swiftlint:disable:this force_try
            self.what = what
        }
    }

    /// The blocking APIs looked for.
    static let patterns: [Pattern] = [
        Pattern(#"\bsqlite3_\w+\s*\("#, "SQLite's C API does file I/O and waits for locks"),
        Pattern(#"\bFileManager\s*\.\s*default\s*\.\s*\w+"#, "a file-system call"),
        Pattern(#"\bFileManager\s*\(\s*\)"#, "a file-system call"),
        Pattern(#"\bFileHandle\s*\(\s*for\w*:|\.readDataToEndOfFile\s*\(|\.readToEnd\s*\(|\.write\s*\(\s*contentsOf\s*:"#, "FileHandle I/O"),
        Pattern(#"\b(Data|String)\s*\(\s*contentsOf(File)?\s*:"#, "reads a file"),
        Pattern(#"\.write\s*\(\s*to(File)?\s*:"#, "writes a file"),
        Pattern(
            #"(?<![.\w])(open|openat|read|write|pread|pwrite|fsync|fdatasync|poll|accept|connect|recv|send|waitpid|flock|rename|renameat|unlink|unlinkat|mkdir|rmdir|opendir|readdir|ftruncate|chmod|getpass|sleep|usleep|nanosleep)\s*\((?![^()]*\b\w+\s*:(?!:))"#,
            "a blocking system call"),
        Pattern(#"(?<![.\w])readLine\s*\("#, "reads standard input"),
        Pattern(#"\bThread\s*\.\s*sleep\b"#, "sleeps its thread"),
        Pattern(#"\bDispatchSemaphore\b|\.wait\s*\(\s*\)|\.wait\s*\(\s*(timeout|wallTimeout)\s*:|\.waitUntilExit\s*\("#, "waits on its thread"),
        Pattern(#"\.sync\s*\{|\.sync\s*\(\s*(execute|flags)\s*:"#, "DispatchQueue.sync waits on its thread"),
        Pattern(#"\bPBKDF2\b"#, "PBKDF2 is ≈80 ms of CPU"),
        Pattern(#"\b(DatabasePool|DatabaseQueue)\s*\("#, "opening a GRDB database does file I/O and migrations"),
        Pattern(#"\bBlockingLane\s*\.\s*wait\b|\bwaitFor\s*\{"#, "waits for async work on its thread"),
    ]

    /// What a brace-delimited scope is.
    enum ScopeKind: Equatable {
        /// A type or extension, named.
        case type(String)
        /// A sync function, initializer or accessor, named (`TypeName` for an initializer).
        case syncFunction(String)
        /// An `async` function, initializer, accessor or closure, named for messages.
        case asyncContext(String)
        /// A closure handed to a lane: its work runs there.
        case lane
    }

    struct Scope {
        let open: Int
        let close: Int
        let kind: ScopeKind
    }

    /// A source's code with comments and strings blanked, its scopes and its lines.
    struct Parsed {
        let source: Source
        let code: NSString
        let scopes: [Scope]
        let lineStarts: [Int]

        func line(of offset: Int) -> Int {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low + 1
        }

        /// The innermost scope around `offset` that decides its context (types and plain
        /// closures are transparent), if any.
        func context(of offset: Int) -> Scope? {
            scopes.filter { $0.open < offset && offset < $0.close }
                .filter { if case .type = $0.kind { return false } else { return true } }
                .min { $0.close - $0.open < $1.close - $1.open }
        }
    }

    /// Lane names: properties, parameters and constants declared as `BlockingLane`s anywhere
    /// (or as the server's password hashing, whose `run` is a lane's), plus
    /// `BlockingLane.shared` and `BlockingLane(…)` itself.
    let laneNames: Set<String>
    /// Functions that hand their closure to a lane (see ``init(_:)``).
    let laneWrappers: Set<String>
    let parsed: [Parsed]
    /// Compound function names declared exactly once (`func pendingNames`) and type names
    /// declared once (`class`/`struct`/`enum`/`actor Name`): calls followed by name through
    /// any depth, so a call of a blocking function is never confused with another one's.
    let distinctNames: Set<String>
    /// One-word function names declared exactly once (`func names`): followed only when the
    /// function itself makes a blocking call (a one-word name may also be the standard
    /// library's, which ``knownElsewhere`` lists where it matters).
    let distinctWords: Set<String>
    /// The file of each `private` or `fileprivate` function: its calls are followed there only.
    let privateFunctions: [String: String]

    init(_ sources: [Source]) {
        var lanes: Set<String> = ["shared"]
        let declaration = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\b(\w+)\s*(:\s*(any\s+)?(BlockingLane|HashingLane|PasswordHashing)\b|=\s*(BlockingLane|HashingLane)\s*\()"#)
        var parsed: [Parsed] = []
        for source in sources {
            let code = Self.code(of: source.text)
            let text = code as String
            for match in declaration.matches(in: text, range: NSRange(location: 0, length: code.length)) {
                lanes.insert(code.substring(with: match.range(at: 1)))
            }
            var starts = [0]
            for (index, unit) in text.utf16.enumerated() where unit == 10 { starts.append(index + 1) }
            parsed.append(Parsed(source: source, code: code, scopes: [], lineStarts: starts))
        }
        laneNames = lanes
        // Lane wrappers: `async` functions taking a closure whose body hands work to a lane
        // (`func perform(_ body: …) async throws -> T { try await queue.run { … } }`): their
        // trailing closures run on the lane too.
        var wrappers: Set<String> = []
        let wrapper = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\bfunc\s+(\w+)\s*(<[^>{]*>)?\s*\(([^{}]*?->[^{}]*?)\)\s*async\b[^{]*\{"#)
        for file in parsed {
            let text = file.code as String
            let scopes = Self.scopes(in: file.code, lanes: lanes, wrappers: [])
            for match in wrapper.matches(in: text, range: NSRange(location: 0, length: file.code.length)) {
                let open = match.range.location + match.range.length - 1
                let inner = scopes.filter { $0.kind == .lane && $0.open > open }
                if let body = scopes.first(where: { $0.open == open }), inner.contains(where: { $0.close < body.close }) {
                    wrappers.insert(file.code.substring(with: match.range(at: 1)))
                }
            }
        }
        laneWrappers = wrappers
        var declared: [String: Int] = [:]
        let names = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\b(func|class|struct|enum|actor|protocol|typealias)\s+([A-Za-z_]\w*)|\bcase\s+([A-Za-z_]\w*)\s*\("#)
        for file in parsed {
            let text = file.code as String
            for match in names.matches(in: text, range: NSRange(location: 0, length: file.code.length)) {
                let range = match.range(at: 2).location != NSNotFound ? match.range(at: 2) : match.range(at: 3)
                declared[file.code.substring(with: range), default: 0] += 1
            }
        }
        // Declared once here, and compound (`pendingNames`, `openBlocking`, a type's name): a
        // one-word lower-case name (`first`, `insert`) may be the standard library's.
        distinctNames = Set(
            declared.filter { name, count in
                count == 1 && (name.first?.isUppercase == true || name.dropFirst().contains { $0.isUppercase })
            }.keys
        ).subtracting(Self.unfollowed)
        var privates: [String: String] = [:]
        let privateFunction = try! NSRegularExpression(  // swiftlint:disable:this force_try
            pattern: #"\b(private|fileprivate)\s+((static|class|final|override|nonisolated|mutating)\s+)*func\s+(\w+)"#)
        for file in parsed {
            let text = file.code as String
            for match in privateFunction.matches(in: text, range: NSRange(location: 0, length: file.code.length)) {
                privates[file.code.substring(with: match.range(at: 4))] = file.source.path
            }
        }
        privateFunctions = privates
        distinctWords = Set(declared.filter { $0.value == 1 }.keys).subtracting(distinctNames).subtracting(Self.unfollowed)
            .subtracting(Self.knownElsewhere)
        self.parsed = parsed.map {
            Parsed(source: $0.source, code: $0.code, scopes: Self.scopes(in: $0.code, lanes: lanes, wrappers: wrappers), lineStarts: $0.lineStarts)
        }
    }

    // MARK: Hand-made executors

    /// A thread, dispatch queue or semaphore made outside ``BlockingLane``: a second mechanism
    /// for blocking work, where the one executor should be used.
    struct HandMade: CustomStringConvertible, Equatable, Sendable {
        let path: String
        let line: Int
        let construct: String

        var description: String {
            "\(path):\(line): `\(construct)` makes a hand-made executor for blocking work. Use BlockingLane "
                + "(StrataCrossCutting): `lane.run { … }` from async code, `lane.start { … }` for a loop or work nobody "
                + "awaits, `BlockingLane.wait(for:)` to wait for async work from a lane's thread."
        }
    }

    /// What makes a hand-made executor.
    static let handMadePattern = try! NSRegularExpression(  // swiftlint:disable:this force_try
        pattern: #"\bDispatchQueue\s*\(|\bDispatchQueue\s*\.\s*global\b|\bThread\s*[({]|\bdetachNewThread\b|\bDispatchSemaphore\b|\bNIOThreadPool\b|\bpthread_create\b|\bDispatchGroup\s*\("#)

    /// Every hand-made executor outside `Modules/CrossCutting/Blocking/`, by file and line.
    func handMadeExecutors() -> [HandMade] {
        parsed.filter { !$0.source.path.hasPrefix("Modules/CrossCutting/Blocking/") }.flatMap { file in
            Self.handMadePattern.matches(in: file.code as String, range: NSRange(location: 0, length: file.code.length)).map { match in
                HandMade(
                    path: file.source.path, line: file.line(of: match.range.location),
                    construct: file.code.substring(with: match.range).trimmingCharacters(in: CharacterSet(charactersIn: "({ ")))
            }
        }
    }

    // MARK: Findings

    /// Every blocking call made from an `async` context, by file and line.
    func findings() -> [Finding] {
        let (blocking, direct) = blockingFunctions()
        let callPattern = Self.callPattern(of: followed(blocking: Set(blocking.keys), direct: direct))
        var found: [Finding] = []
        for file in parsed {
            let text = file.code as String
            let all = NSRange(location: 0, length: file.code.length)
            var hits: [(offset: Int, call: String, because: String)] = []
            for pattern in Self.patterns {
                for match in pattern.regex.matches(in: text, range: all)
                where !Self.isDeclaration(file.code, at: match.range.location) && !Self.isAwaited(file.code, at: match.range.location) {
                    hits.append((match.range.location, file.code.substring(with: match.range).trimmingCharacters(in: CharacterSet(charactersIn: "( {")), pattern.what))
                }
            }
            if let callPattern {
                for match in callPattern.matches(in: text, range: all)
                where !Self.isDeclaration(file.code, at: match.range.location, typeUse: Self.isBraceCall(file.code, match)) {
                    let name = file.code.substring(with: match.range(at: 1))
                    guard !Self.isAwaited(file.code, at: match.range.location), privateFunctions[name].map({ $0 == file.source.path }) ?? true
                    else { continue }
                    hits.append((match.range(at: 1).location, name, blocking[name] ?? "blocking"))
                }
            }
            for hit in hits {
                guard let scope = file.context(of: hit.offset), case .asyncContext(let name) = scope.kind else { continue }
                found.append(
                    Finding(path: file.source.path, line: file.line(of: hit.offset), call: hit.call, because: hit.because, context: name))
            }
        }
        var seen = Set<String>()
        return found.sorted { ($0.path, $0.line, $0.call) < ($1.path, $1.line, $1.call) }
            .filter { seen.insert("\($0.path):\($0.line):\($0.call)").inserted }
    }

    /// The blocking functions whose calls are followed by name.
    func followed(blocking: Set<String>, direct: Set<String>) -> Set<String> {
        blocking.intersection(distinctNames).union(direct.intersection(distinctWords))
    }

    /// Sync functions that block, by name (an initializer by its type's name), with why; and
    /// those that make a blocking call themselves.
    func blockingFunctions() -> (all: [String: String], direct: Set<String>) {
        var blocking: [String: String] = [:]
        // Direct: a blocking API in the body, not in a lane closure or a task of its own.
        for file in parsed {
            let text = file.code as String
            let all = NSRange(location: 0, length: file.code.length)
            for pattern in Self.patterns {
                for match in pattern.regex.matches(in: text, range: all)
                where !Self.isDeclaration(file.code, at: match.range.location) && !Self.isAwaited(file.code, at: match.range.location) {
                    guard let scope = file.context(of: match.range.location), case .syncFunction(let name) = scope.kind,
                        blocking[name] == nil
                    else { continue }
                    let call = file.code.substring(with: match.range).trimmingCharacters(in: CharacterSet(charactersIn: "( {"))
                    blocking[name] = "it calls `\(call)`: \(pattern.what)"
                }
            }
        }
        let direct = Set(blocking.keys)
        // Transitive: a sync function calling a blocking one (not awaited).
        var changed = true
        while changed {
            changed = false
            guard let callPattern = Self.callPattern(of: followed(blocking: Set(blocking.keys), direct: direct)) else { break }
            for file in parsed {
                let text = file.code as String
                for match in callPattern.matches(in: text, range: NSRange(location: 0, length: file.code.length))
                where !Self.isDeclaration(file.code, at: match.range.location, typeUse: Self.isBraceCall(file.code, match))
                    && !Self.isAwaited(file.code, at: match.range.location)
                {
                    guard let scope = file.context(of: match.range.location), case .syncFunction(let name) = scope.kind,
                        blocking[name] == nil
                    else { continue }
                    let callee = file.code.substring(with: match.range(at: 1))
                    guard callee != name, privateFunctions[callee].map({ $0 == file.source.path }) ?? true else { continue }
                    blocking[name] = "it calls `\(callee)`, which blocks"
                    changed = true
                }
            }
        }
        return (blocking, direct)
    }

    /// Names too common to follow as calls by text (each has sync and async, blocking and
    /// quick forms across the code base); their blocking bodies are still checked where they are.
    static let unfollowed: Set<String> = [
        "run", "start", "open", "close", "read", "write", "get", "set", "init", "main", "body", "callAsFunction",
        "map", "filter", "wait", "finish", "cancel", "stop", "next", "append", "check", "load", "save", "fetch",
    ]

    /// One-word names of the standard library and Foundation that a function here shares.
    static let knownElsewhere: Set<String> = [
        "first", "last", "insert", "remove", "reset", "step", "split", "text", "value", "decode", "encode", "encoded",
        "contains", "sorted", "reduce", "joined", "prefix", "suffix", "description", "hash", "lock", "unlock",
        "flush", "sync", "exists", "copy", "move", "data", "string", "url", "path", "size", "count", "send", "receive",
    ]

    /// A call of one of `names`: `name(`, `.name(`, `name {`, as a whole word.
    static func callPattern(of names: Set<String>) -> NSRegularExpression? {
        let followed = names.subtracting(unfollowed).filter { !$0.isEmpty }.sorted()
        guard !followed.isEmpty else { return nil }
        let alternatives = followed.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        return try? NSRegularExpression(pattern: #"(?<![\w])("# + alternatives + #")\s*(\(|\{)"#)
    }

    /// Whether the word at `offset` is being declared (`func name(`, `case name(`), not called;
    /// with `typeUse`, also a type named where a trailing closure could seem to follow
    /// (`extension Name {`, `var x: Name {`, `-> Name {`).
    static func isDeclaration(_ code: NSString, at offset: Int, typeUse: Bool = false) -> Bool {
        let start = max(0, offset - 12)
        let before = code.substring(with: NSRange(location: start, length: offset - start))
        let pattern =
            typeUse
            ? #"(\b(func|case|macro|extension|class|struct|enum|actor|protocol|some|any)\s+|:\s*|->\s*)$"#
            : #"\b(func|case|macro)\s+$"#
        return before.range(of: pattern, options: .regularExpression) != nil
    }

    /// Whether a call match is `name {` (a trailing closure, or a type before a body).
    static func isBraceCall(_ code: NSString, _ match: NSTextCheckingResult) -> Bool {
        code.substring(with: match.range).hasSuffix("{")
    }

    /// Whether the statement around `offset` awaits (so the call is `async`, not blocking): an
    /// `await` earlier on its line, after the last `{`, `;` or `in`.
    static func isAwaited(_ code: NSString, at offset: Int) -> Bool {
        let lineStart = code.range(of: "\n", options: .backwards, range: NSRange(location: 0, length: offset)).location
        let from = lineStart == NSNotFound ? 0 : lineStart + 1
        var before = code.substring(with: NSRange(location: from, length: offset - from))
        if let cut = before.range(of: #"[{;]|\bin\b"#, options: [.regularExpression, .backwards]) {
            before = String(before[cut.upperBound...])
        }
        return before.range(of: #"\bawait\b"#, options: .regularExpression) != nil
    }
}
