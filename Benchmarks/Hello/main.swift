// strata-bench-hello: the baseline strata-bench-status measures strata-status against — a
// Foundation hello-world, built the same way (same package, same configuration, same flags).
import Foundation

FileHandle.standardOutput.write(Data("hello, world\n".utf8))
