import StrataCrossCutting
import StrataServerData

struct ServeCommand {
    func run() throws {
        _ = try ServerDataFactory.sqlite(directory: "data")
    }
}
