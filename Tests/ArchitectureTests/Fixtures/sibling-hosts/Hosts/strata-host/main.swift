import StrataHostKit
import StrataStatusKit  // Planted: declared, and still forbidden.

HostCommand.main()
