import StrataCrossCutting
import StrataData

// A benchmark is the root of its own process.
let data = try DataLayerFactory.live(path: "bench.sqlite")
print("rows/s")
