import Foundation
import Logging

/// Events: each one's hook first, then (on `continue`) the broadcast and the framework's follow-up.
extension ContainerRuntime {
    func handle(_ event: SystemEvent) async {
        guard phase == .running else { return }
        switch event {
        case .suspend:
            logger.info("event: willResignActive")
            if await delegate.willResignActive(context: self).continues { await broadcast(.willResignActive) }
            logger.info("event: didEnterBackground")
            if await delegate.didEnterBackground(context: self).continues { await broadcast(.didEnterBackground) }
            // The shell gets its terminal back while stopped (the main screen, echo on).
            await environment.terminal.restore()
            // The system's own action: it happens whatever the hooks returned.
            environment.process.stopProcess()
        case .resume:
            logger.info("event: willEnterForeground")
            if await delegate.willEnterForeground(context: self).continues { await broadcast(.willEnterForeground) }
            logger.info("event: didBecomeActive")
            if await delegate.didBecomeActive(context: self).continues { await broadcast(.didBecomeActive) }
            await environment.terminal.prepare()
            await drawTopScreen(rendering: false)
        case .terminate(let reason):
            await terminate(reason)
        case .memoryWarning:
            logger.info("event: didReceiveMemoryWarning")
            if await delegate.didReceiveMemoryWarning(context: self).continues { await broadcast(.memoryWarning) }
        case .reload:
            logger.info("event: reload")
            if await delegate.didReceiveReload(context: self).continues { await broadcast(.reload) }
        }
    }

    @discardableResult
    func open(_ url: URL, source: String?) async throws -> Bool {
        guard phase == .running else {
            throw ContainerError(.notRunning, "cannot open \(url.absoluteString): the container is not running")
        }
        logger.info("event: openURL", metadata: ["url": "\(url.absoluteString)"])
        var newURL: URL?
        let result = await delegate.open(url: url, newURL: &newURL, source: source, context: self)
        if let answer = result.answer { return answer }
        let target = newURL ?? url
        let scheme = target.scheme?.lowercased() ?? ""
        for entry in plan.registry.schemeHandlers where entry.scheme == scheme {
            if try await entry.handler.handle(target, context: self) {
                await drawTopScreen()
                return true
            }
        }
        logger.warning("no scheme handler took the URL", metadata: ["url": "\(target.absoluteString)"])
        return false
    }

    @discardableResult
    func postRemoteNotification(_ notification: NotificationPayload) async -> CallbackResult {
        logger.info("event: remoteNotification", metadata: ["id": "\(notification.identifier)"])
        let result = await delegate.didReceiveRemoteNotification(notification, context: self)
        if result.continues { await broadcast(.remoteNotification(notification)) }
        await redrawForNotification()
        return result
    }

    @discardableResult
    func postLocalNotification(_ notification: NotificationPayload) async -> CallbackResult {
        logger.info("event: localNotification", metadata: ["id": "\(notification.identifier)"])
        let result = await delegate.didReceiveLocalNotification(notification, context: self)
        if result.continues { await broadcast(.localNotification(notification)) }
        await redrawForNotification()
        return result
    }

    @discardableResult
    func registerDeviceToken(_ deviceToken: Foundation.Data) async -> CallbackResult {
        logger.info("event: didRegisterForRemoteNotifications")
        let result = await delegate.didRegisterForRemoteNotifications(deviceToken: deviceToken, context: self)
        if result.continues { await broadcast(.registeredForRemoteNotifications(deviceToken: deviceToken)) }
        return result
    }

    @discardableResult
    func failDeviceRegistration(_ error: ContainerError) async -> CallbackResult {
        logger.info("event: didFailToRegisterForRemoteNotifications", metadata: ["error": "\(error)"])
        // As in the seed: nothing more happens, whatever the hook returns.
        return await delegate.didFailToRegisterForRemoteNotifications(error: error, context: self)
    }

    func postSessionChange(_ change: SessionChange) async {
        switch change {
        case .signedIn(_, let account): logger.info("event: signedIn", metadata: ["account": "\(account)"])
        case .signedOut(_, let account): logger.info("event: signedOut", metadata: ["account": "\(account)"])
        }
        await broadcast(.session(change))
    }

    func performBackgroundFetch() async -> BackgroundFetchResult {
        logger.info("event: performFetch")
        let (results, delivery) = AsyncStream.makeStream(of: BackgroundFetchResult.self)
        let completion = BackgroundFetchCompletion { result in
            delivery.yield(result)
            delivery.finish()
        }
        let clock = environment.clock
        let deadline = plan.configuration.settings.backgroundFetchDeadline
        let timer = Task {
            guard (try? await clock.sleep(for: deadline)) != nil else { return }
            completion.complete(.timedOut)
        }
        let hooks = delegate
        Task { await hooks.performFetch(completion: completion, context: self) }
        var outcome = BackgroundFetchResult.timedOut
        for await result in results {
            outcome = result
            break
        }
        timer.cancel()
        if outcome == .timedOut { logger.warning("background fetch timed out; a late completion will be ignored") }
        return outcome
    }

    /// A full-screen terminal shows the screen on top again at once, with what arrived (a
    /// plain one waits for the next typed line, as its screens follow each other as lines).
    private func redrawForNotification() async {
        await redrawScreen()
    }

    func redrawScreen() async {
        guard phase == .running, environment.terminal.isFullScreen else { return }
        await drawTopScreen()
    }

    func input(_ line: String) async {
        guard phase == .running, let top = navigation?.top else { return }
        // The message of the last line was seen; a full screen kept it through redraws until now.
        pendingMessage = nil
        let response = await top.screen.handle(input: line, context: self)
        switch response {
        case .stay:
            break
        case .message(let text):
            pendingMessage = text
        case .back:
            if navigation?.count(of: top.owner) ?? 0 > 1 {
                _ = navigation?.popTop(of: top.owner)
            } else {
                await exitApplication(top.owner, animated: true)
            }
        case .exitApplication:
            await exitApplication(top.owner, animated: true)
        case .quit:
            await requestQuit()
        }
        await drawTopScreen()
    }

    func render() async {
        await drawTopScreen()
    }
}
