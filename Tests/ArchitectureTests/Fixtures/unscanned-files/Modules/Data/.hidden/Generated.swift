// Never compiled: a hidden folder.
import StrataDomain
