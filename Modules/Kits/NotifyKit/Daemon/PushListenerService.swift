import ServiceLifecycle

/// The push channel's ``PushChannelListener`` as a swift-service-lifecycle `Service`.
///
/// Graceful shutdown cancels the listener: its long poll ends and the message in hand
/// finishes. A transport that cannot cancel its request is given ``grace`` to return, then
/// left behind (the process is ending), so a stop never waits for a 25-second poll.
struct PushListenerService: Service, CustomStringConvertible {
    /// How long a cancelled listener may take to return.
    static let grace = Duration.seconds(2)

    let listener: PushChannelListener

    var description: String { "push-channel" }

    func run() async {
        let listener = self.listener
        // Unstructured so that a listener stuck in an uncancellable request cannot hold the
        // shutdown: the service returns after the grace period either way.
        let listening = Task { await listener.run() }
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listening.value }
                group.addTask {
                    do {
                        try await gracefulShutdown()
                    } catch {
                        return  // cancelled: the listener has returned
                    }
                    listening.cancel()
                    try? await Task.sleep(for: Self.grace)
                }
                await group.next()
                group.cancelAll()
            }
        } onCancel: {
            listening.cancel()
        }
    }
}
