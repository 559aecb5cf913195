import StrataCrossCutting
import StrataDomain  // Not reported: the target has no layer yet, so no import rule applies.

struct Report {}
