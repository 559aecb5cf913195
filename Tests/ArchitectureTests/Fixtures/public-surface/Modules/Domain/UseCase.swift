import StrataData

public protocol UseCase: Sendable {}
public typealias Handler = @Sendable () -> Void
open class BaseUseCase {}

extension BaseUseCase {
    public class func make() -> BaseUseCase { BaseUseCase() }
}
