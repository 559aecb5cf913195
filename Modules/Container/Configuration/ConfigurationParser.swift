import Foundation

/// Turns a property-list or JSON file into a ``ContainerConfiguration``, naming the file and
/// the key of every problem (`apps.plist: Applications[2].delegate: expected a string`).
///
/// Unknown keys are errors too: a misspelt `lazyLoad` would otherwise silently start a
/// service at boot.
struct ConfigurationParser {
    let source: String

    static let topKeys: Set<String> = ["Launcher", "Applications", "Services", "ServicesMap", "Settings"]
    static let applicationKeys: Set<String> = ["name", "description", "delegate", "multipleInstances"]
    static let serviceKeys: Set<String> = [
        "name", "class", "lazyLoading", "startsFirst", "dependencies", "onFailure",
    ]
    static let settingsKeys: Set<String> = [
        "shutdownDeadlineSeconds", "backgroundFetchIntervalSeconds", "backgroundFetchDeadlineSeconds",
    ]

    func parse(_ data: Foundation.Data, format: ConfigurationFormat) throws -> ContainerConfiguration {
        let root = try dictionary(readRoot(data, format: format), at: "the top level")
        try checkKeys(root, allowed: Self.topKeys, at: nil)
        var configuration = ContainerConfiguration(sources: [source])
        configuration.launcher = try root["Launcher"].map { try string($0, at: "Launcher") }
        if let value = root["Applications"] {
            configuration.applications = try array(value, at: "Applications").enumerated().map { index, item in
                try application(item, at: "Applications[\(index)]")
            }
        }
        if let value = root["Services"] {
            configuration.services = try array(value, at: "Services").enumerated().map { index, item in
                try service(item, at: "Services[\(index)]")
            }
        }
        if let value = root["ServicesMap"] { configuration.servicesMap = try servicesMap(value) }
        if let value = root["Settings"] { configuration.settings = try settings(value) }
        return configuration
    }

    // MARK: - Sections

    private func application(_ value: Any, at path: String) throws -> ApplicationDescriptor {
        let entry = try dictionary(value, at: path)
        try checkKeys(entry, allowed: Self.applicationKeys, at: path)
        return ApplicationDescriptor(
            name: try required(entry, "name", at: path, string),
            description: try entry["description"].map { try string($0, at: "\(path).description") } ?? "",
            delegateType: try required(entry, "delegate", at: path, string),
            allowsMultipleInstances: try entry["multipleInstances"].map { try bool($0, at: "\(path).multipleInstances") }
                ?? false,
            origin: "\(source): \(path)")
    }

    private func service(_ value: Any, at path: String) throws -> ServiceDescriptor {
        let entry = try dictionary(value, at: path)
        try checkKeys(entry, allowed: Self.serviceKeys, at: path)
        var policy = ServiceFailurePolicy.failBoot
        if let text = try entry["onFailure"].map({ try string($0, at: "\(path).onFailure") }) {
            guard let parsed = ServiceFailurePolicy(rawValue: text) else {
                throw malformed("\(path).onFailure", "expected \"fail\" or \"continue\", found \"\(text)\"")
            }
            policy = parsed
        }
        return ServiceDescriptor(
            name: try required(entry, "name", at: path, string),
            type: try required(entry, "class", at: path, string),
            lazy: try entry["lazyLoading"].map { try bool($0, at: "\(path).lazyLoading") } ?? false,
            startsFirst: try entry["startsFirst"].map { try bool($0, at: "\(path).startsFirst") } ?? false,
            dependencies: try entry["dependencies"].map { try strings($0, at: "\(path).dependencies") } ?? [],
            failurePolicy: policy,
            origin: "\(source): \(path)")
    }

    private func servicesMap(_ value: Any) throws -> ServicesMap {
        let entry = try dictionary(value, at: "ServicesMap")
        var map = ServicesMap(origin: "\(source): ServicesMap")
        for key in entry.keys.sorted() {
            let members = try strings(entry[key] as Any, at: "ServicesMap.\(key)")
            if key == ServicesMap.autostartKey { map.autostart = members } else { map.groups[key] = members }
        }
        return map
    }

    private func settings(_ value: Any) throws -> RuntimeSettings {
        let entry = try dictionary(value, at: "Settings")
        try checkKeys(entry, allowed: Self.settingsKeys, at: "Settings")
        var settings = RuntimeSettings()
        if let value = entry["shutdownDeadlineSeconds"] {
            settings.shutdownDeadline = try seconds(value, at: "Settings.shutdownDeadlineSeconds")
        }
        if let value = entry["backgroundFetchIntervalSeconds"] {
            settings.backgroundFetchInterval = try seconds(value, at: "Settings.backgroundFetchIntervalSeconds")
        }
        if let value = entry["backgroundFetchDeadlineSeconds"] {
            settings.backgroundFetchDeadline = try seconds(value, at: "Settings.backgroundFetchDeadlineSeconds")
        }
        return settings
    }
}
