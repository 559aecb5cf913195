public import StrataContainer

/// An event source a test drives by hand: ``send(_:)`` stands for a signal.
public final class ManualEventSource: ContainerEventSource {
    private let stream: AsyncStream<SystemEvent>
    private let continuation: AsyncStream<SystemEvent>.Continuation

    /// Creates a source with no events yet.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: SystemEvent.self)
    }

    /// The events sent so far and later.
    public func events() -> AsyncStream<SystemEvent> { stream }

    /// Delivers `event` as its signal would.
    public func send(_ event: SystemEvent) {
        continuation.yield(event)
    }

    /// Delivers the event a Linux signal number stands for; `false` for a signal with none.
    @discardableResult
    public func send(signal: Int32) -> Bool {
        guard let event = SystemEvent(signal: signal) else { return false }
        continuation.yield(event)
        return true
    }

    /// Ends the stream.
    public func finish() {
        continuation.finish()
    }
}

/// Records the container's request to stop the process instead of stopping the test runner.
public final class RecordingProcessControl: ProcessControl {
    private let recorder: CallbackRecorder

    /// Creates a process control that records `process.stop` in `recorder`.
    public init(recorder: CallbackRecorder) {
        self.recorder = recorder
    }

    /// Records `process.stop`.
    public func stopProcess() {
        recorder.record("process.stop")
    }
}
