/// The modules that ship with a Swift toolchain or a platform SDK, so a policy need not list
/// them: importing one needs no declared dependency. The policy's `toolchainModules` adds to
/// these (a vendor SDK, an in-house system module).
///
/// Every platform's modules count on every platform: the checker reads every `#if` branch, so
/// `import Darwin` under `#if canImport(Darwin)` must pass on Linux too. The cost: an
/// unguarded `import UIKit` in a package that also builds on Linux is not flagged here (the
/// Linux build says so). A module a target of the package or of a dependency package builds
/// (swift-foundation's own `FoundationEssentials`) is not a toolchain module for this check.
/// `XCTest` and `Testing` are test frameworks: the policy's `testOnlyModules` keeps them out
/// of production code.
public enum ToolchainModules {
    /// The standard library, its runtime modules and the toolchain's libraries on every platform.
    public static let swift: Set<String> = [
        "Swift", "SwiftShims", "SwiftOnoneSupport", "_Concurrency", "_StringProcessing", "_RegexParser", "RegexBuilder",
        "Synchronization", "Observation", "Distributed", "_Differentiation", "_Volatile", "_Backtracing", "Runtime",
        "Cxx", "CxxStdlib", "CxxStdlibShims", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "Dispatch", "CoreFoundation", "_FoundationCShims", "_FoundationCollections",
        "PackageDescription", "PackagePlugin", "CompilerPluginSupport", "Builtin",
    ]

    /// Linux, Android and WebAssembly: the C libraries' modules.
    public static let linux: Set<String> = [
        "Glibc", "SwiftGlibc", "Musl", "Android", "Bionic", "WASILibc", "wasi_pthread", "CDispatch",
    ]

    /// Windows: the SDK and C runtime modules.
    public static let windows: Set<String> = ["WinSDK", "ucrt", "CRT", "vcruntime", "visualc"]

    /// Apple platforms' SDK frameworks and system modules.
    public static let apple: Set<String> = [
        "Darwin", "MachO", "ObjectiveC", "os", "OSLog", "XPC", "Dispatch", "libkern", "zlib", "SQLite3", "Compression",
        "CommonCrypto", "Security", "CryptoKit", "Network", "NetworkExtension", "SystemConfiguration", "CFNetwork",
        "CoreServices", "CoreFoundation", "UniformTypeIdentifiers", "Accelerate", "simd", "Spatial", "IOKit",
        "UIKit", "AppKit", "Cocoa", "Carbon", "ApplicationServices", "SwiftUI", "SwiftUICore", "SwiftData", "Combine",
        "CoreData", "CloudKit", "CoreGraphics", "CoreImage", "CoreText", "CoreVideo", "CoreMedia", "CoreAudio",
        "CoreAudioKit", "AudioToolbox", "AVFoundation", "AVFAudio", "AVKit", "MediaPlayer", "Metal", "MetalKit",
        "MetalPerformanceShaders", "QuartzCore", "ImageIO", "CoreLocation", "MapKit", "CoreBluetooth", "CoreMotion",
        "CoreHaptics", "CoreML", "CreateML", "Vision", "NaturalLanguage", "Speech", "SoundAnalysis", "Photos",
        "PhotosUI", "Contacts", "ContactsUI", "EventKit", "EventKitUI", "HealthKit", "HomeKit", "StoreKit",
        "GameKit", "GameController", "SpriteKit", "SceneKit", "ARKit", "RealityKit", "WebKit", "SafariServices",
        "MessageUI", "UserNotifications", "UserNotificationsUI", "LocalAuthentication", "AuthenticationServices",
        "MultipeerConnectivity", "WidgetKit", "AppIntents", "Intents", "IntentsUI", "ActivityKit", "BackgroundTasks",
        "FileProvider", "PDFKit", "QuickLook", "QuickLookThumbnailing", "Charts", "TipKit", "Symbols", "WatchKit",
        "WatchConnectivity", "ClockKit", "TVUIKit", "TVServices", "CoreTelephony", "ExternalAccessory",
        "DeveloperToolsSupport", "MobileCoreServices", "CoreSpotlight", "LinkPresentation", "SystemExtensions",
        "ServiceManagement", "OpenGL", "OpenGLES", "GLKit", "VideoToolbox", "ScreenCaptureKit", "Virtualization",
        "CryptoTokenKit", "DriverKit", "XcodeProjectPlugin",
    ]

    /// The test frameworks: toolchain modules meant for test targets only.
    public static let testFrameworks: Set<String> = ["XCTest", "Testing"]

    /// Every platform's modules.
    public static let all: Set<String> = swift.union(linux).union(windows).union(apple).union(testFrameworks)

    /// Whether `module` ships with a toolchain or platform SDK.
    public static func contains(_ module: String) -> Bool {
        all.contains(module)
    }
}
