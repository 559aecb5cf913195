// A benchmark is a root of its own, on no side: it may measure both.
import StrataData
import StrataServerData
import StrataWire

print("changes/s")
