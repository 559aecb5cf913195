import StrataCrossCutting
// Planted: the one file SwiftPM compiles that breaks a rule.
import StrataDomain

// Regex literals are not imports.
let pattern = /import StrataDomain/
let calls = [/import StrataDomain/, #/import StrataDomain/#]
let extended = #/
import StrataDomain
/#
let half = 10 / 2 / 1
