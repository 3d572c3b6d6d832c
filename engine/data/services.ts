/** Service families of the spec, each with its own base URL (empty = the console's own origin). */
export type ServiceName = 'main' | 'transporters' | 'maps' | 'auth' | 'data' | 'reports';

/** Runtime configuration served by the platform API at `/config.json`. */
export interface RuntimeConfig {
  googleMapsApiKey: string | null;
  services: Record<ServiceName, string>;
}

const defaults: RuntimeConfig = {
  googleMapsApiKey: null,
  // The transporter service lives under /tms so its /transporters paths do not shadow the console's own pages.
  services: { main: '', transporters: '/tms', maps: '', auth: '', data: '', reports: '' },
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
