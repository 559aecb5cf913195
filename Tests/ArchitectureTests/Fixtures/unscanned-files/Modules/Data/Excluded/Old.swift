// Never compiled: an excluded folder.
import StrataDomain
