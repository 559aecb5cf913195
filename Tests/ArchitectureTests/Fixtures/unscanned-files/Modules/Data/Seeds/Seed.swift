// Never compiled: a .copy resource folder.
import StrataDomain
