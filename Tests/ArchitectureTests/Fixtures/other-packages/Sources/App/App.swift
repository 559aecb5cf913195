import DepCore
import BaseNet
import DepA
import CBase
import FoundationEssentials
import Glibc
#if canImport(Darwin)
import Darwin
#elseif os(Windows)
import WinSDK
#endif

public let app = 1
