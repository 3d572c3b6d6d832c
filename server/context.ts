import type { Store } from './store/store';
import type { Mailer } from './auth/mailer';
import type { TokenService } from './auth/tokens';
import type { Geocoder } from './geocoder/geocoder';
import type { DirectionsService } from './routing/directions';
import type { PublicConfig } from '../schemas/api/platform';
import type { Jobs } from './jobs';
import type { TripIndex } from './adapters/trip-index';
import type { OutboundQuotas } from './rules/outbound-gate';
import type { Clock } from './auth/rate-limit';

/** Runtime settings the console reads from `GET /config.json` (its answer schema's type). */
export type { PublicConfig };

/** What every route family gets: the store, delivery, tokens, the geocoder, directions and the public config. */
export interface AppContext {
  store: Store;
  mailer: Mailer;
  tokens: TokenService;
  geocoder: Geocoder;
  directions: DirectionsService;
  config: PublicConfig;
  /** The background job queue (bulk-upload batches, report runs) with this instance's workers and sweep. */
  jobs: Jobs;
  /** The outbound gate's quotas (server/rules/outbound-gate.ts). */
  outbound: OutboundQuotas;
  /** The clock of quotas and leases (default: the database's); tests move it forward. */
  clock?: Clock;
  /** `SEARCH_URL`: the Elasticsearch or OpenSearch a synced trip also goes to; null = the PostgreSQL table only. */
  tripIndex: TripIndex | null;
}
