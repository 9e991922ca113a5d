/**
 * How many page texts were hashed, scans loaded from their packs and tables of kept operation
 * lookups used, in this process (the metadata strategy's hits hash none; a page known unchanged
 * loads its scan only when a rule asks). For tests and the bench.
 */
export const storeStats = { hashed: 0, scansRead: 0, lookupsKept: 0 };
