import StrataContainer
import StrataCrossCutting
import Testing

@Suite("Container screen lines in Japanese and English")
struct ScreenLanguageTests {
    @Test("an unknown command and the footer are Japanese under ja; the typed words stay as they are")
    func unknownCommandAndFooter() {
        MessageLanguage.$current.withValue(.japanese) {
            #expect(ScreenCommand.unknown("fly") == .message("不明なコマンド「fly」です。下に示す語を入力してください。"))
            #expect(ScreenCommand.typeLine(ScreenCommand.commonHelp) == "入力: back · home · quit")
        }
        MessageLanguage.$current.withValue(.english) {
            #expect(ScreenCommand.typeLine(ScreenCommand.commonHelp) == "Type: back · home · quit")
        }
    }

    @Test("labelled lines align Japanese labels by terminal columns")
    func labelledAlignsJapanese() {
        #expect(TextTable.labelled([("患者", "佐藤"), ("id", "r1")]) == "患者  佐藤\nid    r1")
    }
}
