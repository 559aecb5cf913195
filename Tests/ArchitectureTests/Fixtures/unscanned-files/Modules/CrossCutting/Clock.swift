import Foundation

struct Clock {}
