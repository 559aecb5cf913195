// strata-host is an executable the tests run: a dependency no import can show.
@testable import StrataDomain
