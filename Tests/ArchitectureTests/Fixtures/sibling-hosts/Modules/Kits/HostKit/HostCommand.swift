import StrataCrossCutting

public struct HostCommand {
    public static func main() {}
}
