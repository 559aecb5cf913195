// Never compiled: a documentation catalog.
import StrataDomain
