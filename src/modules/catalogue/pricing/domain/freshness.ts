/**
 * A price not set or confirmed by its laboratory in this long is stale (issue 30): marked on the cards and left out of
 * the region's figures (the search's price bar, the import review's median).
 */
export const STALE_AFTER_MONTHS = 6;
