import Logging
import StrataCrossCutting

/// Quit, terminate within the deadline, and the run loop.
extension ContainerRuntime {
    var isTerminated: Bool { phase == .terminated }

    @discardableResult
    func requestQuit() async -> Bool {
        guard phase == .running else { return false }
        for entry in stack.reversed() {
            guard await entry.delegate.applicationShouldTerminate(entry.application, context: self) else {
                logger.info("quit vetoed", metadata: ["app": "\(entry.application)"])
                pendingMessage = localized(
                    "\(entry.application.name) cannot close now; quit cancelled.",
                    ja: "\(entry.application.name) は今は閉じられないため、終了を取りやめました。")
                return false
            }
        }
        await terminate(.quit)
        return true
    }

    @discardableResult
    func terminate(_ reason: TerminationReason) async -> ShutdownReport {
        if let finished = shutdownReport { return finished }
        if phase == .terminating {
            await withCheckedContinuation { terminationWaiters.append($0) }
            return shutdownReport ?? ShutdownReport(reason: reason)
        }
        phase = .terminating
        progress = ShutdownReport(reason: reason)
        logger.info("event: willTerminate", metadata: ["reason": "\(reason.rawValue)"])
        let (finished, signal) = AsyncStream.makeStream(of: Bool.self)
        let steps = Task {
            await self.shutdownSteps(reason)
            signal.yield(true)
        }
        let clock = environment.clock
        let deadline = plan.configuration.settings.shutdownDeadline
        let timer = Task {
            guard (try? await clock.sleep(for: deadline)) != nil else { return }
            signal.yield(false)
        }
        var completed = false
        for await value in finished {
            completed = value
            break
        }
        timer.cancel()
        var report = progress ?? ShutdownReport(reason: reason)
        if !completed {
            steps.cancel()
            report.timedOut = true
            logger.error("shutdown deadline passed; the rest of the shutdown was skipped")
        }
        shutdownReport = report
        progress = nil
        phase = .terminated
        screenShown = false
        // A screen that hid typing (a password prompt) must not leave the terminal silent, nor
        // a full screen leave the person in the alternate screen.
        await environment.terminal.restore()
        logger.info("terminated", metadata: ["exitCode": "\(report.exitCode)"])
        let waiters = terminationWaiters
        terminationWaiters = []
        for waiter in waiters { waiter.resume() }
        return report
    }

    private func shutdownSteps(_ reason: TerminationReason) async {
        if await delegate.willTerminate(reason: reason, context: self).continues {
            await broadcast(.willTerminate(reason))
        }
        await terminateAllApplications()
        await destroyServices()
    }

    /// Waits until the shutdown has finished.
    func waitUntilTerminated() async {
        guard phase != .terminated else { return }
        await withCheckedContinuation { terminationWaiters.append($0) }
    }

    func run() async -> Int32 {
        guard phase == .running else { return shutdownReport?.exitCode ?? 1 }
        let events = environment.events.events()
        let terminal = environment.terminal
        let lines = terminal.readsKeys ? nil : terminal.inputLines()
        let keys = terminal.readsKeys ? terminal.inputKeys() : nil
        let clock = environment.clock
        let interval = plan.configuration.settings.backgroundFetchInterval
        // The status line source was registered after the boot's first draw: draw it in.
        if environment.terminal.isFullScreen { await drawTopScreen(rendering: false) }
        // A resize (SIGWINCH) or a new status redraws the screen on top at once.
        let resizes = environment.terminal.resizes()
        let statusChanges = await statusChanges()
        let loops = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in resizes { await self.drawTopScreen(rendering: false) }
                }
                if let statusChanges {
                    group.addTask {
                        for await _ in statusChanges { await self.drawTopScreen(rendering: false) }
                    }
                }
                group.addTask {
                    for await event in events {
                        await self.handle(event)
                        if await self.isTerminated { return }
                    }
                }
                group.addTask {
                    if let lines {
                        for await line in lines {
                            await self.input(line)
                            if await self.isTerminated { return }
                        }
                    }
                    if let keys {
                        for await key in keys {
                            await self.press(key)
                            if await self.isTerminated { return }
                        }
                    }
                    // End of input: nobody is left to answer a veto, so this quit is not asked.
                    await self.terminate(.quit)
                }
                if let interval {
                    group.addTask {
                        while !Task.isCancelled {
                            guard (try? await clock.sleep(for: interval)) != nil else { return }
                            _ = await self.performBackgroundFetch()
                        }
                    }
                }
            }
        }
        await waitUntilTerminated()
        loops.cancel()
        return shutdownReport?.exitCode ?? 0
    }
}
