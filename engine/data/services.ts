import { SERVICE_BASES, type ServiceName } from '../../schemas/api/services';

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

/** Loads `/config.json` once at start; a missing file leaves every service on the same origin. */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetcher('/config.json');
    if (res.ok) {
      const body = (await res.json()) as Partial<RuntimeConfig>;
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
