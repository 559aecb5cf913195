import DepA
import DepB

print("tool")
