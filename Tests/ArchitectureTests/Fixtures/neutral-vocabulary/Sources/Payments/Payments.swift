import Core

public protocol PaymentService: Sendable {}
public final class StripeClient {}  // Planted: public-surface.
public enum PaymentsFactory {
    public static func live() -> any PaymentService { fatalError() }
}
