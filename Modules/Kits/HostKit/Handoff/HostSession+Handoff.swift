import Foundation
import Logging
import StrataContainer
import StrataCrossCutting

extension HostSession {
    /// sysexits' `EX_TEMPFAIL`: the running host may still act; look before trying again.
    static let temporaryFailure: Int32 = 75

    /// `strata-host open URL`: hands `url` to the interactive `strata-host` of the same
    /// container when one answers (it opens the URL on its screen), else opens it here as
    /// ``open(_:origin:)`` does for a link (a route that cannot be undone is refused: the running
    /// host would have asked first).
    ///
    /// - Parameter otherwise: What runs instead of the one-shot when no host answers
    ///   (`strata-host open --stay`: the full-screen container on the URL); `nil`: the one-shot.
    /// - Returns: 0 when the running host opened it (one line says so) or this process did;
    ///   1 when the running host refused it (one error line with its reason); 75 when it took
    ///   the URL but did not answer in time (it may still open it: nothing is run twice);
    ///   `otherwise`'s status when it ran.
    func openHandingOver(_ url: URL, otherwise: (() async -> Int32)? = nil) async -> Int32 {
        guard case .address(let address) = HandoffAddress.resolve(container: runtime.location) else {
            if let otherwise { return await otherwise() }
            return await open(url, origin: .link)
        }
        let shown = TerminalText.escaped(url.absoluteString)
        switch await HandoffClient.handOver(url, address: address) {
        case .noHost:
            runtime.logger.debug("handoff: no running strata-host answered", metadata: ["path": "\(address.path)"])
            if let otherwise { return await otherwise() }
            return await open(url, origin: .link)
        case .opened(let pid):
            output.out(
                localized(
                    "Opened \(shown) in the running strata-host (pid \(pid)).",
                    ja: "実行中の strata-host (pid \(pid)) で \(shown) を開きました。"))
            return 0
        case .refused(let pid, let reason):
            output.err(
                FailureLine.line(
                    program: StrataHostCLI.programName,
                    message: localized(
                        "the running strata-host (pid \(pid)) refused \(url.absoluteString): \(reason)",
                        ja: "実行中の strata-host (pid \(pid)) が \(url.absoluteString) を拒否しました: \(reason)")))
            return 1
        case .unanswered(let pid):
            output.err(
                FailureLine.line(
                    program: StrataHostCLI.programName,
                    message: localized(
                        "the running strata-host (pid \(pid)) took \(url.absoluteString) but did not answer within "
                            + "\(HandoffWire.replySeconds) s; look at its screen before opening the URL again",
                        ja: "実行中の strata-host (pid \(pid)) は \(url.absoluteString) を受け取りましたが \(HandoffWire.replySeconds) 秒"
                            + "以内に応答しませんでした。URL をもう一度開く前にその画面を確認してください")))
            return Self.temporaryFailure
        }
    }
}
