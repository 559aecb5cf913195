import Foundation
import StrataTestSupport
import Testing

/// scripts/install and scripts/uninstall (Docs/Desktop.md) on a throwaway prefix and HOME.
///
/// `STRATA_INSTALL_BINARIES` makes the installer take the binaries (and ArgumentParser's
/// `generate-manual-tool`) this test build made instead of running a release build: a test never
/// builds, and SwiftPM's lock on `.build` is held by the `swift test` that runs it.
@Suite("scripts/install and scripts/uninstall", .childProcessSlot, .serialized)
struct InstallScriptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Every product gets its binary, its completions for the three shells and its man page:
    /// the desktop's three, the server and the layering checker.
    static let products = ["strata-host", "strata-status", "strata-notifyd", "strata-server", "strata-check-layers"]

    @Test("install puts binaries, units, desktop file, completions, man pages and waybar module in place; uninstall leaves the prefix as it was")
    func installThenUninstall() async throws {
        let root = TemporaryRoot.directory("install")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home", isDirectory: true)
        let prefix = root.appendingPathComponent("prefix", isDirectory: true)
        // Someone else's files, in folders the install writes to: they must survive as they are.
        let unrelated = prefix.appendingPathComponent("bin/mine")
        let mimeapps = home.appendingPathComponent(".config/mimeapps.list")
        let mimeappsText = "[Default Applications]\ntext/html=firefox.desktop\n\n[Added Associations]\nimage/png=feh.desktop;\n"
        try write("#!/bin/sh\necho mine\n", to: unrelated)
        try write(mimeappsText, to: mimeapps)
        let before = try tree(root)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "TZ": "UTC",
            "STRATA_INSTALL_BINARIES": StrataProcess.productsDirectory.path,
        ]

        let installed = try await script("install", ["--prefix", prefix.path], environment: environment)

        #expect(installed.status == 0, "\(installed)")
        let p = prefix.path
        let units = home.appendingPathComponent(".config/systemd/user").path
        var expected = Self.products.flatMap { product in
            [
                "\(p)/bin/\(product)", "\(p)/share/bash-completion/completions/\(product)",
                "\(p)/share/zsh/site-functions/_\(product)", "\(p)/share/fish/vendor_completions.d/\(product).fish",
                "\(p)/share/man/man1/\(product).1",
            ]
        }
        expected += ["strata-notifyd.service", "strata-notifyd.path", "strata-sync.service", "strata-sync.timer"].map {
            "\(units)/\($0)"
        }
        expected += [
            "\(p)/share/applications/strata-host.desktop", "\(p)/share/strata/waybar.jsonc",
            "\(p)/share/strata/install-manifest",
        ]
        let manifest = try String(contentsOfFile: "\(p)/share/strata/install-manifest", encoding: .utf8)
        let listed = Set(manifest.split(separator: "\n").filter { $0.hasPrefix("file ") }.map { String($0.dropFirst(5)) })
        #expect(listed == Set(expected), "manifest: \(manifest)")
        let after = try tree(root)
        // Everything new is in the manifest, but the desktop database update-desktop-database wrote.
        let new = Set(after.keys).subtracting(before.keys).filter { after[$0] == "file" }
        #expect(new == Set(expected).union(["\(p)/share/applications/mimeinfo.cache"]), "\(new.sorted())")

        for product in Self.products {
            let version = try await SystemTool.run("\(p)/bin/\(product)", ["--version"], environment: environment)
            #expect(version.status == 0 && !version.stdout.isEmpty, "\(product): \(version)")
            let page = try String(contentsOfFile: "\(p)/share/man/man1/\(product).1", encoding: .utf8)
            #expect(page.contains(".Dt \(product.uppercased()) 1"), "\(product).1: \(page.prefix(300))")
            let bash = try String(contentsOfFile: "\(p)/share/bash-completion/completions/\(product)", encoding: .utf8)
            #expect(bash.contains("complete -") && bash.contains(product), "\(product) bash completion")
            let zsh = try String(contentsOfFile: "\(p)/share/zsh/site-functions/_\(product)", encoding: .utf8)
            #expect(zsh.hasPrefix("#compdef \(product)"), "\(product) zsh completion")
            let fish = try String(contentsOfFile: "\(p)/share/fish/vendor_completions.d/\(product).fish", encoding: .utf8)
            #expect(fish.contains("complete -c '\(product)'"), "\(product) fish completion")
        }
        let service = try String(contentsOfFile: "\(units)/strata-notifyd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\(p)/bin/strata-notifyd\n"), "\(service)")
        let sync = try String(contentsOfFile: "\(units)/strata-sync.service", encoding: .utf8)
        #expect(sync.contains("\nExecStart=\(p)/bin/strata-host sync\n"), "\(sync)")
        try await verifyUnits(in: units, root: root)
        let desktop = try String(contentsOfFile: "\(p)/share/applications/strata-host.desktop", encoding: .utf8)
        #expect(desktop.contains("\nExec=\(p)/bin/strata-host open --stay %u\n"), "\(desktop)")
        let validate = try SystemTool.path("desktop-file-validate", package: "desktop-file-utils")
        let valid = try await SystemTool.run(validate, ["\(p)/share/applications/strata-host.desktop"])
        #expect(valid.status == 0 && valid.stdout.isEmpty, "\(valid)")
        let scheme = try String(contentsOf: mimeapps, encoding: .utf8)
        #expect(scheme.contains("x-scheme-handler/strata=strata-host.desktop"), "\(scheme)")
        try checkWaybarModule("\(p)/share/strata/waybar.jsonc", prefix: p)

        let removed = try await script("uninstall", ["--prefix", prefix.path], environment: environment)

        #expect(removed.status == 0, "\(removed)")
        let restored = try tree(root)
        #expect(restored == before, "left behind: \(Set(restored.keys).symmetricDifference(before.keys).sorted())")
        #expect(try String(contentsOf: unrelated, encoding: .utf8) == "#!/bin/sh\necho mine\n")
        #expect(try String(contentsOf: mimeapps, encoding: .utf8) == mimeappsText)
    }

    /// A stand-in `swift` early on `PATH` notes each call and names this build's products folder
    /// as the bin path: the test sees the build steps without running a release build.
    @Test("without STRATA_INSTALL_BINARIES it builds each product in release, then ArgumentParser's generate-manual tool")
    func buildsBeforeInstalling() async throws {
        let root = TemporaryRoot.directory("install-build")
        defer { try? FileManager.default.removeItem(at: root) }
        let stubs = root.appendingPathComponent("bin", isDirectory: true)
        let log = root.appendingPathComponent("swift.log")
        try write(
            """
            #!/bin/sh
            echo "$*" >> "$STRATA_TEST_SWIFT_LOG"
            case "$*" in *--show-bin-path*) echo "$STRATA_TEST_BIN_PATH" ;; esac

            """, to: stubs.appendingPathComponent("swift"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: stubs.appendingPathComponent("swift").path)
        let prefix = root.appendingPathComponent("prefix", isDirectory: true)
        let environment = [
            "PATH": "\(stubs.path):/usr/bin:/bin", "HOME": root.appendingPathComponent("home").path,
            "STRATA_TEST_SWIFT_LOG": log.path, "STRATA_TEST_BIN_PATH": StrataProcess.productsDirectory.path,
        ]

        let installed = try await script("install", ["--prefix", prefix.path], environment: environment)

        #expect(installed.status == 0, "\(installed)")
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            calls == Self.products.map { "build -c release --static-swift-stdlib --product \($0)" } + [
                "build -c release --static-swift-stdlib --show-bin-path", "package generate-manual --help",
                "build --show-bin-path",
            ], "\(calls)")
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/man/man1/strata-notifyd.1").path))
        let removed = try await script("uninstall", ["--prefix", prefix.path], environment: environment)
        #expect(removed.status == 0, "\(removed)")
        #expect(!FileManager.default.fileExists(atPath: prefix.path), "the prefix the install created is gone")
    }

    @Test("with the default prefix PREFIX/share/strata is the container directory: the install creates it owner-only")
    func defaultPrefixKeepsTheContainerPrivate() async throws {
        let root = TemporaryRoot.directory("install-default")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "STRATA_INSTALL_BINARIES": StrataProcess.productsDirectory.path,
        ]

        let installed = try await script("install", [], environment: environment)

        #expect(installed.status == 0, "\(installed)")
        let container = home.appendingPathComponent(".local/share/strata").path
        let mode = try FileManager.default.attributesOfItem(atPath: container)[.posixPermissions] as? Int
        #expect(mode == 0o700, "\(container) is \(String(mode ?? 0, radix: 8))")
        let share = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent(".local/share").path)
        #expect(share[.posixPermissions] as? Int == 0o755)
        let removed = try await script("uninstall", [], environment: environment)
        #expect(removed.status == 0, "\(removed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "the install's folders are gone")
    }

    @Test("--help prints the usage and exits 0; a bad argument is one line and exit 64; no manifest, nothing removed")
    func helpAndBadArguments() async throws {
        let root = TemporaryRoot.directory("install-args")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": root.path]
        for name in ["install", "uninstall"] {
            let help = try await script(name, ["--help"], environment: environment)
            #expect(help.status == 0, "\(help)")
            #expect(help.stdout.hasPrefix("Usage: scripts/\(name) [--prefix DIR]"), "\(help)")
            let bad = try await script(name, ["--prefx", "/tmp"], environment: environment)
            #expect(bad.status == 64, "\(bad)")
            #expect(bad.stderrLines == ["strata \(name): unknown argument '--prefx'; expected --prefix DIR or --help"], "\(bad)")
            let relative = try await script(name, ["--prefix", "relative/dir"], environment: environment)
            #expect(relative.status == 64 && relative.stderr.contains("not an absolute path"), "\(relative)")
        }
        let spaced = try await script("install", ["--prefix", "/tmp/a b"], environment: environment)
        #expect(spaced.status == 64 && spaced.stderr.contains("holds a space or a special character"), "\(spaced)")
        let nothing = try await script("uninstall", ["--prefix", root.path], environment: environment)
        #expect(nothing.status == 1, "\(nothing)")
        #expect(nothing.stderrLines.count == 1 && nothing.stderr.contains("no install manifest"), "\(nothing)")
    }

    @Test("a STRATA_HOME holding | & % installs: PathChanged= names it with % written %%, systemd reads the units; uninstall leaves nothing")
    func specialCharactersInStrataHome() async throws {
        let root = TemporaryRoot.directory("install-home")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let prefix = root.appendingPathComponent("prefix", isDirectory: true)
        let strataHome = root.path + "/data|one&two %h 50%"
        let before = try tree(root)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "STRATA_HOME": strataHome,
            "STRATA_INSTALL_BINARIES": StrataProcess.productsDirectory.path,
        ]

        let installed = try await script("install", ["--prefix", prefix.path], environment: environment)

        #expect(installed.status == 0, "\(installed)")
        let units = home.appendingPathComponent(".config/systemd/user").path
        let path = try String(contentsOfFile: "\(units)/strata-notifyd.path", encoding: .utf8)
        #expect(path.contains("\nPathChanged=\(root.path)/data|one&two %%h 50%%/inbox/new\n"), "\(path)")
        let service = try String(contentsOfFile: "\(units)/strata-notifyd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\(prefix.path)/bin/strata-notifyd\n"), "\(service)")
        try await verifyUnits(in: units, root: root)
        let manifest = try String(contentsOfFile: "\(prefix.path)/share/strata/install-manifest", encoding: .utf8)
        for file in ["\(prefix.path)/bin/strata-host", "\(units)/strata-notifyd.path", "\(prefix.path)/share/strata/waybar.jsonc"] {
            #expect(manifest.contains("\nfile \(file)\n"), "\(file) not listed: \(manifest)")
        }

        let removed = try await script("uninstall", ["--prefix", prefix.path], environment: environment)
        #expect(removed.status == 0, "\(removed)")
        let after = try tree(root)
        #expect(after == before, "left behind: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }

    @Test(
        "a STRATA_HOME a unit file or the manifest cannot hold (a line break, a backslash, a relative path, a path systemd calls not normalized) is refused before anything is written",
        arguments: [
            ("/tmp/strata\nExecStartPre=/bin/evil", "control character"), ("/tmp/back\\slash", "backslash"),
            ("relative/strata", "not an absolute path"), ("/tmp/x/p/../q", ". or .. segment or a //"),
            ("/tmp/x/./q", ". or .. segment or a //"), ("/tmp/x//q", ". or .. segment or a //"),
            ("/tmp/x/q/..", ". or .. segment or a //"),
        ])
    func unusableStrataHomeIsRefused(value: String, problem: String) async throws {
        let root = TemporaryRoot.directory("install-refused")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let before = try tree(root)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "STRATA_HOME": value,
            "STRATA_INSTALL_BINARIES": StrataProcess.productsDirectory.path,
        ]

        let refused = try await script(
            "install", ["--prefix", root.appendingPathComponent("prefix").path], environment: environment)

        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderrLines.count == 1, "\(refused)")
        #expect(refused.stderr.hasPrefix("strata install: STRATA_HOME") && refused.stderr.contains(problem), "\(refused)")
        let after = try tree(root)
        #expect(after == before, "written: \(Set(after.keys).subtracting(before.keys).sorted())")
    }

    @Test("an install that stops midway has listed what it wrote so far: uninstall removes it")
    func stoppedInstallCanBeRemoved() async throws {
        let root = TemporaryRoot.directory("install-midway")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home", isDirectory: true)
        let prefix = root.appendingPathComponent("prefix", isDirectory: true)
        // A file where the units' folder goes: the install stops after the binaries.
        try write("not a folder\n", to: home.appendingPathComponent(".config/systemd"))
        let before = try tree(root)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "STRATA_INSTALL_BINARIES": StrataProcess.productsDirectory.path,
        ]

        let stopped = try await script("install", ["--prefix", prefix.path], environment: environment)

        #expect(stopped.status == 1, "\(stopped)")
        #expect(stopped.stderr.contains("strata install: cannot create the folder \(home.path)/.config/systemd"), "\(stopped)")
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/strata-host").path))
        let manifest = try String(contentsOfFile: "\(prefix.path)/share/strata/install-manifest", encoding: .utf8)
        for product in Self.products {
            #expect(manifest.contains("\nfile \(prefix.path)/bin/\(product)\n"), "\(manifest)")
        }

        let removed = try await script("uninstall", ["--prefix", prefix.path], environment: environment)
        #expect(removed.status == 0, "\(removed)")
        let after = try tree(root)
        #expect(after == before, "left behind: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }

    @Test("uninstall keeps, and names, an installed file the user edited; it removes the rest")
    func editedFileIsKept() async throws {
        let root = TemporaryRoot.directory("install-edited")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let prefix = root.appendingPathComponent("prefix", isDirectory: true)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "STRATA_INSTALL_BINARIES": StrataProcess.productsDirectory.path,
        ]
        let installed = try await script("install", ["--prefix", prefix.path], environment: environment)
        try #require(installed.status == 0, "\(installed)")
        let unit = home.appendingPathComponent(".config/systemd/user/strata-notifyd.service")
        let edited = try String(contentsOf: unit, encoding: .utf8) + "Environment=STRATA_LOG_LEVEL=debug\n"
        try edited.write(to: unit, atomically: true, encoding: .utf8)

        let removed = try await script("uninstall", ["--prefix", prefix.path], environment: environment)

        #expect(removed.status == 0, "\(removed)")
        #expect(try String(contentsOf: unit, encoding: .utf8) == edited)
        #expect(removed.stderr.contains("kept \(unit.path): edited since scripts/install wrote it"), "\(removed)")
        #expect(removed.stderrLines.last?.contains("kept 1 edited file(s): \(unit.path)") == true, "\(removed)")
        let left = try tree(root).filter { $0.value == "file" }.keys.sorted()
        #expect(left == [unit.path], "\(left)")
    }

    /// Runs `scripts/<name>` with exactly `environment`.
    private func script(_ name: String, _ arguments: [String], environment: [String: String]) async throws
        -> StrataProcess.Outcome
    {
        let path = Self.repository.appendingPathComponent("scripts/\(name)").path
        return try await SystemTool.run("/bin/bash", [path] + arguments, environment: environment, timeout: Patience.childProcess * 2)
    }

    /// The installed units, as systemd reads them (with their real ExecStart paths).
    private func verifyUnits(in folder: String, root: URL) async throws {
        let analyze = try SystemTool.path("systemd-analyze", package: "systemd")
        let runtime = root.appendingPathComponent("runtime", isDirectory: true)
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let units = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { "\(folder)/\($0)" }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let outcome = try await SystemTool.run(analyze, ["verify", "--user", "--man=no"] + units, environment: environment)
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
    }

    /// The waybar module: JSON once its `//` comment lines go, running the installed strata-status.
    private func checkWaybarModule(_ path: String, prefix: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let json = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let module = object?["custom/strata"] as? [String: Any]
        #expect(module?["exec"] as? String == "\(prefix)/bin/strata-status --format waybar", "\(text)")
        #expect(module?["return-type"] as? String == "json", "\(text)")
    }

    /// Every path under `root` (files and folders), as "file" or "dir".
    private func tree(_ root: URL) throws -> [String: String] {
        var paths: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return paths }
        while let relative = walker.nextObject() as? String {
            let path = root.path + "/" + relative
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            paths[path] = isDirectory.boolValue ? "dir" : "file"
        }
        return paths
    }

    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
