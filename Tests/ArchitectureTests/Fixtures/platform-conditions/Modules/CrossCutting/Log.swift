// Planted: Logging is declared only on Linux.
import Logging
