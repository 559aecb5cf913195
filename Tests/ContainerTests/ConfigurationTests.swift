import Foundation
import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Configuration files: property list and JSON, and every error naming file and key")
struct ConfigurationTests {
    static let brokenPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>Launcher</key><string>Home</string>
            <key>Applications</key>
            <array>
                <dict>
                    <key>name</key><string>Home</string>
                    <key>description</key><string>The home screen</string>
                    <key>delegate</key><string>TestMicroApp</string>
                </dict>
                <dict>
                    <key>name</key><string>Reports</key_placeholder>
                </dict>
            </array>
        </dict>
        </plist>
        """

    static let validPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>Launcher</key><string>Home</string>
            <key>Applications</key>
            <array>
                <dict>
                    <key>name</key><string>Home</string>
                    <key>description</key><string>The home screen</string>
                    <key>delegate</key><string>TestMicroApp</string>
                </dict>
                <dict>
                    <key>name</key><string>Reports</string>
                    <key>delegate</key><string>TestMicroApp</string>
                    <key>multipleInstances</key><true/>
                </dict>
            </array>
            <key>Services</key>
            <array>
                <dict>
                    <key>name</key><string>store</string>
                    <key>class</key><string>TestService</string>
                    <key>startsFirst</key><true/>
                </dict>
                <dict>
                    <key>name</key><string>auth</string>
                    <key>class</key><string>TestService</string>
                    <key>lazyLoading</key><true/>
                    <key>dependencies</key><array><string>store</string></array>
                    <key>onFailure</key><string>continue</string>
                </dict>
            </array>
            <key>ServicesMap</key>
            <dict>
                <key>[AUTOSTART]</key><array><string>core</string></array>
                <key>core</key><array><string>auth</string></array>
            </dict>
            <key>Settings</key>
            <dict>
                <key>shutdownDeadlineSeconds</key><real>2.5</real>
                <key>backgroundFetchIntervalSeconds</key><integer>900</integer>
            </dict>
        </dict>
        </plist>
        """

    static let validJSON = """
        {
          "Applications": [
            { "name": "Launcher", "delegate": "TestMicroApp", "description": "Home" },
            { "name": "Follows", "delegate": "TestMicroApp" }
          ],
          "Services": [
            { "name": "store", "class": "TestService" },
            { "name": "auth", "class": "TestService", "lazyLoading": true, "dependencies": ["store"] }
          ],
          "ServicesMap": { "[AUTOSTART]": [], "core": ["auth"] }
        }
        """

    /// Writes `text` to a fresh temporary file named `name` and returns its URL.
    private func write(_ text: String, named name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-container-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func loadError(_ text: String, named name: String) throws -> ContainerError? {
        let url = try write(text, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return #expect(throws: ContainerError.self) { try ContainerConfiguration.load(from: url) }
    }

    private func bootError(_ configuration: ContainerConfiguration, registry: ContainerRegistry? = nil) async
        -> ContainerError?
    {
        let doubles = ContainerDoubles()
        return await #expect(throws: ContainerError.self) {
            try await doubles.boot(configuration, registry: registry)
        }
    }

    @Test("a property-list file declares micro-apps, services, the services map and settings")
    func propertyListFileBoots() async throws {
        let url = try write(Self.validPlist, named: "container.plist")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let configuration = try ContainerConfiguration.load(from: url)
        #expect(configuration.launcherName == "Home")
        #expect(configuration.applications.map(\.name) == ["Home", "Reports"])
        #expect(configuration.applications[1].allowsMultipleInstances)
        #expect(configuration.services[1].dependencies == ["store"])
        #expect(configuration.services[1].failurePolicy == .continue)
        #expect(configuration.servicesMap.autostart == ["core"])
        #expect(configuration.settings.shutdownDeadline == .milliseconds(2500))
        #expect(configuration.settings.backgroundFetchInterval == .seconds(900))
        #expect(configuration.services[1].origin == "container.plist: Services[1]")
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(configuration)
        #expect(await container.context.currentApplication?.name == "Home")
        #expect(doubles.recorder.entries(startingWith: "service.").filter { $0.hasSuffix("start") } == [
            "service.store.start", "service.auth.start",
        ])
    }

    @Test("a JSON file boots the same way, and several files merge into one configuration")
    func jsonFileBootsAndFilesMerge() async throws {
        let json = try write(Self.validJSON, named: "apps.json")
        let extra = try write(#"{"Services": [{"name": "sync", "class": "TestService", "lazyLoading": true}]}"#, named: "more.json")
        defer {
            try? FileManager.default.removeItem(at: json.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: extra.deletingLastPathComponent())
        }
        let configuration = try ContainerConfiguration.load(from: [json, extra])
        #expect(configuration.services.map(\.name) == ["store", "auth", "sync"])
        #expect(configuration.sources == ["apps.json", "more.json"])
        let container = try await ContainerDoubles().boot(configuration)
        #expect(await container.context.currentApplication?.name == "Launcher")
    }

    @Test("a malformed property list names the file and the parser's complaint")
    func malformedPropertyList() throws {
        let error = try loadError(Self.brokenPlist, named: "broken.plist")
        #expect(error?.code == .malformedConfiguration)
        #expect(error?.message.hasPrefix("broken.plist: not a valid property list") == true)
    }

    @Test("malformed JSON names the file")
    func malformedJSON() throws {
        let error = try loadError(#"{"Applications": ["#, named: "broken.json")
        #expect(error?.code == .malformedConfiguration)
        #expect(error?.message.hasPrefix("broken.json: not a valid JSON") == true)
    }

    @Test("a value of the wrong kind names the file, the key path and what was found")
    func wrongKindOfValue() throws {
        let error = try loadError(
            #"{"Services": [{"name": "a", "class": "TestService", "lazyLoading": "yes"}]}"#, named: "services.json")
        #expect(error?.message == "services.json: Services[0].lazyLoading: expected a boolean (true or false), found the string \"yes\"")
    }

    @Test("a missing required key and an unknown key are errors naming the key")
    func missingAndUnknownKeys() throws {
        let missing = try loadError(#"{"Applications": [{"name": "Launcher"}]}"#, named: "apps.json")
        #expect(missing?.message == "apps.json: Applications[0].delegate: missing; it is required")
        let unknown = try loadError(
            #"{"Services": [{"name": "a", "class": "T", "lazyLoad": true}]}"#, named: "services.json")
        #expect(unknown?.message.hasPrefix("services.json: Services[0].lazyLoad: unknown key; expected one of:") == true)
        let policy = try loadError(
            #"{"Services": [{"name": "a", "class": "T", "onFailure": "ignore"}]}"#, named: "services.json")
        #expect(policy?.message == "services.json: Services[0].onFailure: expected \"fail\" or \"continue\", found \"ignore\"")
    }

    @Test("an unknown delegate type or service class names the key and the registered types")
    func unknownTypes() async throws {
        let app = ContainerConfiguration(
            applications: [ApplicationDescriptor(name: "Launcher", delegateType: "Nope", origin: "apps.plist: Applications[0]")])
        let appError = await bootError(app)
        #expect(appError?.code == .unknownType)
        #expect(appError?.message == "apps.plist: Applications[0].delegate: no delegate type \"Nope\" is registered; registered: TestMicroApp")
        var services = ContainerConfiguration.testing()
        services.services = [ServiceDescriptor(name: "a", type: "Ghost", origin: "s.json: Services[0]")]
        let serviceError = await bootError(services)
        #expect(serviceError?.code == .unknownType)
        #expect(serviceError?.message.hasPrefix("s.json: Services[0].class: no service type \"Ghost\"") == true)
    }

    @Test("duplicate micro-app, service and registered type names are errors naming both places")
    func duplicateNames() async throws {
        var apps = ContainerConfiguration.testing(applications: ["Launcher", "Reports"])
        apps.applications.append(ApplicationDescriptor(name: "Reports", delegateType: "TestMicroApp", origin: "b.plist: Applications[0]"))
        let appError = await bootError(apps)
        #expect(appError?.code == .duplicateName)
        #expect(appError?.message == "b.plist: Applications[0].name: micro-app \"Reports\" is already declared at in code")
        let services = ContainerConfiguration.testing(services: [.test("a"), .test("a")])
        #expect(await bootError(services)?.code == .duplicateName)
        var registry = ContainerDoubles().registry
        registry.registerService(type: TestService.typeName) { _ in TestService(name: "x", recorder: .init(), behaviour: .init()) }
        let registryError = await bootError(.testing(), registry: registry)
        #expect(registryError?.message == "registry: service type \"TestService\" is registered twice; register each type once")
    }

    @Test("a missing Launcher names the files and the Launcher key")
    func missingLauncher() async throws {
        let url = try write(#"{"Applications": [{"name": "Reports", "delegate": "TestMicroApp"}]}"#, named: "apps.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let error = await bootError(try ContainerConfiguration.load(from: url))
        #expect(error?.code == .missingLauncher)
        #expect(error?.message.hasPrefix("apps.json: Launcher (default \"Launcher\"): no micro-app named \"Launcher\"") == true)
    }

    @Test("a dependency, group member or [AUTOSTART] group that names nothing is an error naming the key")
    func unknownReferences() async throws {
        let dependency = await bootError(.testing(services: [.test("a", dependencies: ["ghost"])]))
        #expect(dependency?.message == "in code.dependencies[0]: service \"ghost\" is not declared")
        let member = await bootError(
            .testing(services: [.test("a")], servicesMap: ServicesMap(groups: ["core": ["a", "ghost"]], origin: "m.plist: ServicesMap")))
        #expect(member?.message == "m.plist: ServicesMap.core[1]: service \"ghost\" is not declared")
        let group = await bootError(
            .testing(servicesMap: ServicesMap(groups: ["core": []], autostart: ["nope"], origin: "m.plist: ServicesMap")))
        #expect(group?.code == .unknownReference)
        #expect(group?.message.hasPrefix("m.plist: ServicesMap.[AUTOSTART][0]: group \"nope\"") == true)
    }

    @Test("a dependency cycle is an error at boot naming the whole path")
    func dependencyCycleNamesThePath() async throws {
        let doubles = ContainerDoubles()
        let error = await bootError(
            .testing(services: [
                .test("x"), .test("a", dependencies: ["b"]), .test("b", dependencies: ["c"]),
                .test("c", dependencies: ["a"]),
            ]))
        #expect(error?.code == .dependencyCycle)
        #expect(error?.message == "in code.dependencies: dependency cycle: a → b → c → a")
        #expect(doubles.recorder.entries.isEmpty)
    }
}
