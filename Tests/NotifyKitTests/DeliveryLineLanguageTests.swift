import StrataCrossCutting
import StrataDomain
import StrataNotifyKit
import Testing

@Suite("strata-notifyd's delivery lines in Japanese and English")
struct DeliveryLineLanguageTests {
    static var record: NotificationRecord {
        var record = NotificationRecord()
        record.notificationId = "n-1"
        record.kind = "message"
        record.title = "回診"
        record.body = "Bed 4"
        return record
    }

    @Test("recorded and duplicate lines are Japanese under ja; the id and the kind stay as they are")
    func japaneseLines() {
        MessageLanguage.$current.withValue(.japanese) {
            #expect(FileOutcome.recorded(Self.record).deliveryLine == "記録: n-1 message: 回診 — Bed 4")
            #expect(FileOutcome.duplicate(Self.record).deliveryLine == "重複: n-1（記録済み）")
        }
    }

    @Test("the same lines are English when English is bound")
    func englishLines() {
        MessageLanguage.$current.withValue(.english) {
            #expect(FileOutcome.recorded(Self.record).deliveryLine == "recorded n-1 message: 回診 — Bed 4")
            #expect(FileOutcome.duplicate(Self.record).deliveryLine == "duplicate n-1 (already recorded)")
        }
    }
}
