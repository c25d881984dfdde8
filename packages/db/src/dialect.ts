/** The two SQL engines Merx runs on. Dialect branches live only in this package. */
export type DialectName = 'sqlite' | 'postgres';
