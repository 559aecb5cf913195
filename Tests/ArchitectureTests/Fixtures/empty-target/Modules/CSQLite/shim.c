// A C target: no Swift file, and not empty.
int strata_shim(void) { return 0; }
