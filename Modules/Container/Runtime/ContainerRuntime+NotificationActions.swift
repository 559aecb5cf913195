import Logging

/// A notification's action chosen outside the host: the app hook, whose answer the caller follows.
extension ContainerRuntime {
    func performNotificationAction(_ identifier: String, notification: NotificationPayload) async -> CallbackResult {
        logger.info("event: notificationAction", metadata: ["action": "\(identifier)", "id": "\(notification.identifier)"])
        return await delegate.handleAction(identifier: identifier, notification: notification, context: self)
    }
}
