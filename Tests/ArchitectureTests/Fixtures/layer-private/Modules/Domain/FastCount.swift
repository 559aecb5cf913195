import StrataData

// Planted: the domain bypasses the data layer's protocols.
internal import CSQLite

struct FastCount {}
