import type { Store } from './store/store';
import type { Mailer } from './auth/mailer';
import type { TokenService } from './auth/tokens';
import type { Geocoder } from './geocoder/geocoder';
import type { ServiceName } from '../schemas/api/services';

/** Runtime settings the console reads from `GET /config.json`. */
export interface PublicConfig {
  googleMapsApiKey: string | null;
  /** Base URL per service family; '' means this origin (defaults: `SERVICE_BASES` of schemas/api/services.ts). */
  services: Record<ServiceName, string>;
}

/** What every route family gets: the store, delivery, tokens, the geocoder and the public config. */
export interface AppContext {
  store: Store;
  mailer: Mailer;
  tokens: TokenService;
  geocoder: Geocoder;
  config: PublicConfig;
}
