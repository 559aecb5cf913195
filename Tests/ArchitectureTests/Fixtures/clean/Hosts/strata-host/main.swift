import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit

HostCommand.main()
