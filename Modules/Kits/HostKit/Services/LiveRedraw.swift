import StrataContainer
import StrataJournal

/// Redraws the screen on top when the store changes under it while the interactive host runs
/// (live changes: rows another user pushed, pulled by the background sync or strata-notifyd),
/// so a list shows the new row without anyone typing.
///
/// It listens to the data layer's cross-process change notices for every type and, after each
/// burst of notices, waits ``quiet`` and asks the container to redraw
/// (``ContainerContext/redrawScreen()``: the screen renders anew from the store). A burst (a
/// pull of many rows, the host's own save) is one redraw: notices that arrive meanwhile are
/// folded into at most one more. The redraw keeps what the person is typing on screen, intact.
struct LiveRedraw: Sendable {
    /// How long a burst of notices is gathered before the redraw.
    static let quiet = Duration.milliseconds(100)

    let notices: any ChangeNotices

    /// Watches and redraws until the task is cancelled (both streams end then).
    func run(context: any ContainerContext) async {
        let changes = await notices.changes(of: [])
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { wake.yield() }
                wake.finish()
            }
            group.addTask {
                for await _ in wakeups {
                    guard (try? await Task.sleep(for: Self.quiet)) != nil else { return }
                    await context.redrawScreen()
                }
            }
        }
    }
}
