@testable import StrataDomain
import StrataDataTesting
