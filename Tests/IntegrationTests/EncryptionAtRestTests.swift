import Foundation
import Testing

@Suite("Patient names at rest")
struct EncryptionAtRestTests {
    @Test("reports added with strata-host leave no patient name in the store file or its WAL")
    func patientNamesAreSealedOnDisk() throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let names = ["Zyxwvu Tanaka", "Qorvath Sato", "Plimsoll Müller"]
        for name in names {
            let outcome = try host.run(["reports", "add", "--patient-name", name, "--age", "44"])
            #expect(outcome.status == 0, "\(outcome)")
        }
        let listed = try host.run(["reports", "list", "--json"])
        for name in names { #expect(listed.stdout.contains(name), "the host must still read \(name)") }

        let store = home.appendingPathComponent("strata.sqlite")
        for suffix in ["", "-wal"] {
            let url = URL(fileURLWithPath: store.path + suffix)
            guard let bytes = try? Data(contentsOf: url) else { continue }
            for name in names {
                #expect(bytes.range(of: Data(name.utf8)) == nil, "\(name) in plaintext in \(url.lastPathComponent)")
            }
        }
        let key = home.appendingPathComponent("keys/data.key")
        let mode = try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? NSNumber
        #expect(mode?.int16Value == 0o600)
    }
}
