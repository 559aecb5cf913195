// Allowed: a micro-app imports the domain below it.
import StrataDomain

struct ReportsApp {}
