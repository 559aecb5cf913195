import Foundation

/// The seconds `work` takes, on the monotonic clock.
public func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The seconds `work` takes, on the monotonic clock.
public func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The seconds `work` takes, on the monotonic clock, and what it returned.
public func seconds<T>(returning work: () throws -> T) rethrows -> (Double, T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try work()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, value)
}
