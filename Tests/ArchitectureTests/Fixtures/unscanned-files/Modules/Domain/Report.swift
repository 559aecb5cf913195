import StrataData

struct Report {}
