// Never compiled: an asset catalog.
import StrataDomain
