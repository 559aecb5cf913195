// Never compiled: a documentation catalog.
import StrataCrossCutting
