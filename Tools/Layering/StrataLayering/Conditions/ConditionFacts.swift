/// What is known about the build when deciding `#if` conditions: the values a policy declares
/// (its `conditions`), and, when the checker imagines a build for one platform, that platform
/// and the modules missing there.
struct ConditionFacts: Sendable {
    /// Declared values by atom text (`os(Windows)`, `DEBUG`, `swift(>=6.0)`).
    var values: [String: Bool]
    /// The platform of an imagined build (`Linux`, as `os(…)` names it): every `os(…)` is
    /// decided, true for this one and false for the others.
    var platform: String?
    /// Modules that do not exist in the imagined build: `canImport` of them is false.
    var missingModules: Set<String> = []

    /// Facts from a policy's declared `conditions`.
    init(values: [String: Bool], platform: String? = nil, missingModules: Set<String> = []) {
        self.values = values
        self.platform = platform
        self.missingModules = missingModules
    }

    /// The value of atom `text`, or `nil` when nothing decides it.
    func value(of text: String) -> Bool? {
        if let platform, let name = Self.argument(of: "os", in: text) { return name == platform }
        if let module = Self.argument(of: "canImport", in: text) {
            if missingModules.contains(module) { return false }
            if let platform, let present = Self.sdkModule(module, isPresentOn: platform) { return present }
        }
        if let declared = values[text] { return declared }
        return versionValue(of: text)
    }

    /// The Apple platforms, as `os(…)` names them.
    static let applePlatforms: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

    /// SDK modules present on every Apple platform and on no other.
    static let everyAppleSDK: Set<String> = [
        "Darwin", "MachO", "ObjectiveC", "os", "OSLog", "System", "Security", "CryptoKit", "Combine", "Network", "SwiftUI",
    ]

    /// Whether SDK module `module` exists on `platform`, when it belongs to one platform family's
    /// SDK only (``ToolchainModules``): `Network` and `UIKit` only on Apple platforms, `WinSDK` only
    /// on Windows, `Glibc` never on either; `nil` for any other module.
    static func sdkModule(_ module: String, isPresentOn platform: String) -> Bool? {
        guard !ToolchainModules.swift.contains(module) else { return nil }
        if everyAppleSDK.contains(module) { return applePlatforms.contains(platform) }
        let families = [
            (ToolchainModules.apple, applePlatforms.contains(platform)),
            (ToolchainModules.windows, platform == "Windows"),
            (ToolchainModules.linux, !applePlatforms.contains(platform) && platform != "Windows"),
        ].filter { $0.0.contains(module) }
        guard families.count == 1 else { return nil }
        return families[0].1 ? nil : false
    }

    /// Decides `swift(>=v)`, `swift(<v)`, `compiler(>=v)` and `compiler(<v)` from a declared
    /// bound of the same kind: `swift(>=6.0)` true makes `swift(>=5.9)` true and `swift(<5.9)` false.
    private func versionValue(of text: String) -> Bool? {
        guard let (kind, atLeast, version) = Self.versionTest(text) else { return nil }
        for (declaredText, declaredValue) in values {
            guard let (declaredKind, declaredAtLeast, bound) = Self.versionTest(declaredText), declaredKind == kind else {
                continue
            }
            // Normalize the declaration to "version >= bound" is `known`.
            let known = declaredAtLeast == declaredValue
            let query: Bool?
            if known, Self.compare(version, bound) <= 0 {
                query = true  // version >= bound >= asked
            } else if !known, Self.compare(version, bound) >= 0 {
                query = false  // version < bound <= asked
            } else {
                query = nil
            }
            if let query { return atLeast ? query : !query }
        }
        return nil
    }

    /// `swift(>=5.9)` → ("swift", true, [5, 9]); `<` gives false.
    private static func versionTest(_ text: String) -> (String, Bool, [Int])? {
        for kind in ["swift", "compiler"] {
            guard let argument = argument(of: kind, in: text) else { continue }
            let atLeast = argument.hasPrefix(">=")
            guard atLeast || argument.hasPrefix("<") else { return nil }
            let digits = argument.drop { $0 == ">" || $0 == "=" || $0 == "<" }
            let parts = digits.split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, !parts.contains(nil) else { return nil }
            return (kind, atLeast, parts.compactMap { $0 })
        }
        return nil
    }

    /// -1, 0 or 1 as `a` is below, equal to or above `b`, component by component.
    private static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for position in 0..<max(a.count, b.count) {
            let (left, right) = (a[safe: position] ?? 0, b[safe: position] ?? 0)
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    /// `Linux` for `os(Linux)` and `function` "os"; `nil` for another atom.
    static func argument(of function: String, in text: String) -> String? {
        guard text.hasPrefix(function + "("), text.hasSuffix(")") else { return nil }
        return String(text.dropFirst(function.count + 1).dropLast())
    }
}

extension Array where Element == Int {
    fileprivate subscript(safe index: Int) -> Int? {
        indices.contains(index) ? self[index] : nil
    }
}
