import StrataStatusKit

print("status")
