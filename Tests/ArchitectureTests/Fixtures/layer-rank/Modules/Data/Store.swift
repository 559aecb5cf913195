// Planted: the data layer reaches up into the domain.
import StrataCrossCutting
import StrataDomain

struct Store {}
