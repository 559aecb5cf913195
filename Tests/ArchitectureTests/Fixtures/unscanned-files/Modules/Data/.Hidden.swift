// Never compiled: a hidden file.
import StrataDomain
