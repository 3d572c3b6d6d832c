import type { Store } from './store';
import { openPgliteStore } from './pglite-store';
import { openPgStore } from './pg-store';

/** Options of {@link openStore}: a PostgreSQL URL wins over the PGlite data directory. */
export interface StoreConfig {
  databaseUrl?: string;
  dataDir?: string;
}

/** The store the environment asks for: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export function openStore({ databaseUrl, dataDir }: StoreConfig): Promise<Store> {
  return databaseUrl ? openPgStore(databaseUrl) : openPgliteStore(dataDir);
}
