int strata_shim(void);
