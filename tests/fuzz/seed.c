int cds_seed(void) { return 1; }
