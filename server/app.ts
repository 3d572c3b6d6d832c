import { scopeHook } from './http/scope-hook';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Store } from './store/store';
import { migrate } from './store/migrate';
import { seed } from './seed/seed';
import { createOutboxMailer, type Mailer } from './auth/mailer';
import { createTokenService, loadJwtSecret } from './auth/tokens';
import { deskGuard } from './auth/desk-guard';
import type { Geocoder } from './geocoder/geocoder';
import { createGazetteerGeocoder } from './geocoder/gazetteer-geocoder';
import { createDirections } from './routing/directions';
import type { AppContext, PublicConfig } from './context';
import { errorHandler, useLenientJson, useSharedValidation } from './http/validation';
import { ApiError } from './http/envelope';
import { MSG } from '../schemas/messages';
import { serveConsole } from './http/console';
import { useApiDocs } from './http/api-docs';
import { useSecurityHeaders } from './http/security-headers';
import { route } from './http/route';
import { routeFamilies, type RouteFamily } from './http/route-families';
import { platformCalls } from '../schemas/api/platform';
import { useHealth } from './http/health';
import { SERVICE_BASES } from '../schemas/api/services';
import type { Clock } from './auth/rate-limit';
import { searchEngineIndex } from './adapters/trip-index';
import { auditActor } from './http/audit-actor';
import { createJobs, type JobQueueOptions, type Jobs } from './jobs';
import { cpuPool, holdCpuPool } from './workers/cpu-pool';
import { DEFAULT_QUOTAS, type OutboundQuotas } from './rules/outbound-gate';
import { isRecord } from '../schemas/guards';

/** What {@link buildApp} needs; everything but the store has a default. */
export interface BuildOptions {
  store: Store;
  /** Default: the embedded gazetteer. */
  geocoder?: Geocoder;
  /** Default: the outbox table (and then `GET /dev/outbox` is mounted). */
  mailer?: Mailer;
  /** Default: generated once and kept in the store. */
  jwtSecret?: string;
  /** The built console (`dist/`); without it only the API is served. */
  staticDir?: string;
  config?: Partial<PublicConfig>;
  logger?: FastifyServerOptions['logger'];
  /** Behind a load balancer: trust X-Forwarded-For for the client IP the rate limiter counts. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** `MAP_TILES_URL`: the offline map's tile server, which the Content-Security-Policy then allows. */
  mapTilesUrl?: string;
  /** `SERVICE_ROUTING_URL`: an OSRM server the directions call asks for road routes; unset = straight-line estimates. */
  routingUrl?: string;
  /** `SEARCH_URL`: an Elasticsearch or OpenSearch server synced trips also go to. */
  searchUrl?: string;
  /** Apply migrations and seed before serving (default true). */
  prepare?: boolean;
  /** Told of every route as it is registered (the route test compares them with the contracts). */
  onRoute?: (route: RouteOptions) => void;
  /** The clock of login codes, rate limits and waiting periods (default: the database's); tests move it forward. */
  clock?: Clock;
  /** The job queue's polling and expiry (server/jobs); tests shorten them. */
  jobs?: JobQueueOptions;
  /** The outbound quotas (default {@link DEFAULT_QUOTAS}; `npm start` reads them from the environment). */
  outbound?: Partial<OutboundQuotas>;
  /** Route families served besides those of `server/routes/`, behind the same hooks (a test's own calls). */
  routes?: readonly RouteFamily[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job queue, report scheduler, batch worker and sweep. */
    jobs: Jobs;
  }
}

/**
 * The platform API as a Fastify instance, ready for `listen` or `inject`: migrated and seeded store, shared
 * validation, the envelope error handler, public routes (auth, config, health, logos, dev outbox) and the
 * guarded API routes. The caller owns the store and closes it after the app.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { store } = options;
  if (options.prepare !== false) {
    await migrate(store);
    await seed(store);
  }
  const mailer = options.mailer ?? createOutboxMailer(store);
  const outbound = { ...DEFAULT_QUOTAS, ...options.outbound };
  const ctx: AppContext = {
    store,
    mailer,
    outbound,
    clock: options.clock,
    jobs: createJobs(store, mailer, { ...options.jobs, clock: options.clock, outbound }),
    tokens: createTokenService(await loadJwtSecret(store, options.jwtSecret)),
    geocoder: options.geocoder ?? createGazetteerGeocoder(),
    directions: createDirections({ routingUrl: options.routingUrl }),
    tripIndex: options.searchUrl ? searchEngineIndex(options.searchUrl) : null,
    config: {
      googleMapsApiKey: options.config?.googleMapsApiKey ?? null,
      mapTilesUrl: options.mapTilesUrl ?? options.config?.mapTilesUrl ?? null,
      services: { ...SERVICE_BASES, ...options.config?.services },
    },
  };
  // The gazetteer is loaded before the app is returned (and so before it listens): no first search waits for it.
  await ctx.geocoder.ready?.();

  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  // The instance's workers, for the process that runs it (shutdown) and the tests (a sweep's turn on their clock).
  app.decorate('jobs', ctx.jobs);
  // The worker pool of CPU-heavy work, let go of last (onClose hooks run in reverse order): after the jobs have stopped.
  app.addHook('onClose', holdCpuPool());
  // A server that listens starts the pool's threads then, each loading the task module: an operator's first
  // spreadsheet, report or impact preview does not wait for it (an app only injected into, in a test, starts them on
  // its first task).
  app.addHook('onListen', async () => {
    cpuPool();
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await useSecurityHeaders(app, { config: ctx.config, mapTilesUrl: ctx.config.mapTilesUrl ?? undefined });
  useSharedValidation(app);
  useLenientJson(app);
  app.setErrorHandler(errorHandler);
  await useApiDocs(app);
  await serveConsole(app, options.staticDir);

  useHealth(app, store);
  route(app, platformCalls.config, async () => ctx.config);
  const families = [...(await routeFamilies()), ...(options.routes ?? [])];

  await app.register(async (api) => {
    api.decorateRequest('desk', null, []);
    api.decorateRequest('signedBy', null);
    api.decorateRequest('scope', null);
    // First: the rest of the request runs with its caller as the actor its transactions name to the audit log.
    api.addHook('onRequest', auditActor);
    api.addHook('onRequest', deskGuard(store, ctx.tokens));
    // Fastify checks the body before the query string; a call without a company says so first, as the console does.
    api.addHook('preValidation', async (request) => {
      const querystring = request.routeOptions.schema?.querystring;
      const required = isRecord(querystring) && Array.isArray(querystring.required) ? querystring.required : [];
      if (required.includes('c') && !(isRecord(request.query) && request.query.c))
        throw new ApiError(400, [MSG.selectCompany]);
    });
    // Then the scope a call names, and the records it addresses by id within it (server/http/scope-hook.ts).
    api.addHook('preHandler', scopeHook(store));
    for (const family of families) await family(api, ctx);
  });
  // Workers start once the routes exist; closing the app hands running jobs back before the store is closed.
  await ctx.jobs.start();
  app.addHook('onClose', () => ctx.jobs.stop());

  return app;
}
