import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../context';

/** What the policy depends on: the public config the console runs with, and the tile server of the offline map. */
export interface SecurityHeaderOptions {
  config: Pick<PublicConfig, 'googleMapsApiKey' | 'services'>;
  /** `MAP_TILES_URL`: where the offline map fetches its tiles (a URL or a template such as `https://{s}.tiles.example/{z}/{x}/{y}.png`). */
  mapTilesUrl?: string;
}

/**
 * The one exception to "no eval", and only with a Google Maps key: Google's Maps JavaScript API needs it (see
 * {@link GOOGLE_MAPS}). The console itself never evaluates code: its form validators are compiled while building
 * (scripts/precompiled-validators.ts), and its spreadsheet does not run formulas (engine/sheet/SheetView.tsx).
 */
export const MAPS_EVAL = ["'unsafe-eval'"];

/**
 * The Maps JavaScript API's hosts, allowed only when a key is configured: Google's CSP guide for the Maps JS API
 * (images and connections to its API, static and tile hosts, the Street View iframe), over https only. Scripts come
 * from maps.googleapis.com alone (the loader and the modules it fetches), and the API evaluates code: both of the
 * guide's policies (https://developers.google.com/maps/documentation/javascript/content-security-policy), strict and
 * allowlist, put 'unsafe-eval' in script-src.
 */
const GOOGLE_MAPS = {
  script: [...MAPS_EVAL, 'https://maps.googleapis.com'],
  img: [
    'https://maps.gstatic.com',
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.ggpht.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  connect: ['https://maps.googleapis.com', 'https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  frame: ['https://*.google.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
};
const NO_MAPS: typeof GOOGLE_MAPS = { script: [], img: [], connect: [], frame: [], font: [], style: [] };

const SCHEMES = /^(https?|wss?):\/\/([^/?#\s]+)/i;
/** A host CSP can name: DNS labels (the leftmost may be `*`), optionally a port. */
const HOST = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The CSP source of an absolute URL's origin (`https://maps.example`), or null for what is this origin ('' or a
 * path such as '/tms') or not a URL. A template's placeholder label (`{s}`) becomes a wildcard subdomain.
 * Only scheme and host are kept, so nothing in a configured value can add a directive.
 */
export function originSource(url: string): string | null {
  const match = SCHEMES.exec(url.trim());
  if (!match) return null;
  const host = match[2].replace(/^\{[^}]*\}\./, '*.').toLowerCase();
  return HOST.test(host) ? `${match[1].toLowerCase()}://${host}` : null;
}

const unique = (sources: (string | null)[]) => [...new Set(sources.filter((s): s is string => !!s))];

/**
 * The console's Content-Security-Policy directives. Scripts only from this origin, no inline script and no eval
 * (with a Google Maps key, also Google's script host and the eval its API needs, see {@link MAPS_EVAL}); styles also
 * inline, because antd's CSS-in-JS injects <style> elements and components set style attributes; connections to this
 * origin and to every service base URL the console is configured with; Google Maps' hosts only with a key; the tile
 * server when one is set; `blob:` workers and images, which map libraries need.
 */
export function cspDirectives({ config, mapTilesUrl }: SecurityHeaderOptions): Record<string, string[]> {
  const maps = config.googleMapsApiKey ? GOOGLE_MAPS : NO_MAPS;
  const tiles = mapTilesUrl ? originSource(mapTilesUrl) : null;
  const services = Object.values(config.services).map(originSource);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...maps.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...maps.style],
    'img-src': unique(["'self'", 'data:', 'blob:', ...maps.img, tiles]),
    'font-src': ["'self'", 'data:', ...maps.font],
    'connect-src': unique(["'self'", ...services, ...maps.connect, tiles]),
    'frame-src': ["'self'", ...maps.frame],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

/** HSTS for a year, sent only on answers that went out over HTTPS (directly or, with trustProxy, behind a proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (the console's pages and files, the API, errors and 404s) through
 * @fastify/helmet: the CSP above, `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `Cross-Origin-Opener-Policy`,
 * `X-Frame-Options: DENY` for browsers without frame-ancestors, no `X-Powered-By`. /docs keeps its own CSP (api-docs.ts
 * sets it as it answers). `upgrade-insecure-requests` and HSTS are not part of the static policy, so the console
 * works over plain http on localhost; HSTS is added per answer when the request came over HTTPS. Register before
 * any route.
 */
export async function useSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The origin only, never the path, to other sites; Google Maps keys restricted by referrer still see the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // For browsers that predate frame-ancestors: never in a frame either.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
