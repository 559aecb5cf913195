// Allowed: the domain imports the layers below it.
import StrataCrossCutting
import StrataData

struct Reports {}
