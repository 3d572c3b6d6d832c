import { SERVICE_BASES, SERVICE_NAMES, type ServiceName } from '../../schemas/api/services';
import { isRecord } from './pick';

export type { ServiceName };

/** Runtime configuration served by the platform API at `/config.json`. */
export interface RuntimeConfig {
  googleMapsApiKey: string | null;
  /** The offline map's XYZ tile server (`MAP_TILES_URL`); null = the built-in base map. */
  mapTilesUrl: string | null;
  services: Record<ServiceName, string>;
}

const defaults: RuntimeConfig = {
  googleMapsApiKey: null,
  mapTilesUrl: null,
  services: { ...SERVICE_BASES },
};

let current: RuntimeConfig = defaults;

const textOrNull = (value: unknown): value is string | null => typeof value === 'string' || value === null;

/** The settings an answer of `/config.json` gives: each one it sends with its type (a service's base by its name). */
function readConfig(body: unknown): Partial<Omit<RuntimeConfig, 'services'>> & {
  services?: Partial<RuntimeConfig['services']>;
} {
  if (!isRecord(body)) return {};
  const { googleMapsApiKey, mapTilesUrl, services } = body;
  const bases = isRecord(services) ? services : {};
  return {
    ...(textOrNull(googleMapsApiKey) && { googleMapsApiKey }),
    ...(textOrNull(mapTilesUrl) && { mapTilesUrl }),
    services: Object.fromEntries(
      SERVICE_NAMES.flatMap((name) => {
        const base = bases[name];
        return typeof base === 'string' ? [[name, base] as const] : [];
      }),
    ),
  };
}

/** Loads `/config.json` once at start; a missing file leaves every service on the same origin. */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetcher('/config.json');
    if (res.ok) {
      const body = readConfig(await res.json());
      current = { ...defaults, ...body, services: { ...defaults.services, ...body.services } };
    }
  } catch {
    current = defaults;
  }
  return current;
}

/** The configuration in force. */
export function runtimeConfig(): RuntimeConfig {
  return current;
}

/** Sets the configuration directly (stories and tests). */
export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...defaults, ...config, services: { ...defaults.services, ...config.services } };
}

/** Absolute URL of a path on a service. */
export function serviceUrl(service: ServiceName, path: string): string {
  return `${current.services[service] ?? ''}${path}`;
}
