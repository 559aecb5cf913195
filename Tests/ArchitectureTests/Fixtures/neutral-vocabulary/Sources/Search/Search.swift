import Catalog
import Core  // Planted: direct-dependency (only reachable through Catalog).
import CZlib  // Planted: layer-private, in a layer with no other module.
import Payments

let payments = PaymentsFactory.live()  // Planted: composition-root.
