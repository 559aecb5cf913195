/// A micro-app's lifecycle callbacks: the seed's `DTMicroApplicationDelegate`.
///
/// The container creates one delegate per instance (through the registry) and calls, in order:
///
/// 1. ``applicationDidCreate(_:context:)`` — the instance exists.
/// 2. ``application(_:willStartLaunchingWith:context:)`` — with the start parameters.
/// 3. ``rootScreen(for:context:)`` — the screen pushed on the navigation stack.
/// 4. (the app it covers gets ``applicationWillPause(_:context:)``)
/// 5. ``applicationDidFinishLaunching(_:context:)``.
///
/// When covered by another app: ``applicationWillPause(_:context:)``; when back on top:
/// ``application(_:willResumeWith:context:)`` then ``application(_:didResumeWith:context:)``.
/// When it exits: ``applicationShouldTerminate(_:context:)`` (a `false` is a veto and the app
/// stays), then ``application(_:willTerminateAnimated:context:)``; then it is destroyed.
///
/// Every method but ``rootScreen(for:context:)`` has an empty default (`shouldTerminate`: yes).
/// Micro-apps never import each other: they meet only through the ``ContainerContext`` and services.
public protocol MicroApplicationDelegate: Sendable {
    /// The root screen of this instance (the seed's root view controller). Required.
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen
    /// The instance was created.
    func applicationDidCreate(_ application: MicroApplication, context: any ContainerContext) async
    /// The instance will start, with the parameters it was started with.
    func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext) async
    /// The instance has started and its root screen is on top.
    func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async
    /// Another app is about to cover this one.
    func applicationWillPause(_ application: MicroApplication, context: any ContainerContext) async
    /// This app is about to be on top again, with the parameters of the start that brought it back.
    func application(
        _ application: MicroApplication, willResumeWith options: [String: String], context: any ContainerContext) async
    /// This app is on top again.
    func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext) async
    /// The instance will be destroyed; `animated` is the caller's choice (a terminal ignores it).
    func application(_ application: MicroApplication, willTerminateAnimated animated: Bool, context: any ContainerContext) async
    /// Whether the instance may exit now. Return `false` only in special cases (unsaved input).
    ///
    /// - Important: Asked when the app exits and when the user quits; not asked when the process
    ///   is terminated by a signal, which cannot be vetoed.
    func applicationShouldTerminate(_ application: MicroApplication, context: any ContainerContext) async -> Bool
}

extension MicroApplicationDelegate {
    /// Does nothing.
    public func applicationDidCreate(_ application: MicroApplication, context: any ContainerContext) async {}
    /// Does nothing.
    public func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext) async {}
    /// Does nothing.
    public func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {}
    /// Does nothing.
    public func applicationWillPause(_ application: MicroApplication, context: any ContainerContext) async {}
    /// Does nothing.
    public func application(
        _ application: MicroApplication, willResumeWith options: [String: String], context: any ContainerContext) async {}
    /// Does nothing.
    public func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext) async {}
    /// Does nothing.
    public func application(
        _ application: MicroApplication, willTerminateAnimated animated: Bool, context: any ContainerContext) async {}
    /// Yes: the app may exit.
    public func applicationShouldTerminate(_ application: MicroApplication, context: any ContainerContext) async -> Bool {
        true
    }
}
