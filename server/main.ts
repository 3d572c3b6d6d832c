/**
 * Starts the platform API and the console on one origin. Environment: PORT (8080), HOST (0.0.0.0), DATA_DIR
 * (./data, the embedded database), DATABASE_URL (a PostgreSQL server instead), JWT_SECRET, SMTP_URL (+ MAIL_FROM),
 * GOOGLE_MAPS_API_KEY, SERVICE_MAIN_URL / SERVICE_TRANSPORTERS_URL / SERVICE_MAPS_URL / SERVICE_AUTH_URL / SERVICE_DATA_URL / SERVICE_REPORTS_URL / SERVICE_NOTIFICATION_URL (base
 * URLs the console uses per service family; empty = this origin, '/tms' for transporters), MAP_TILES_URL (the offline map's tile
 * server, allowed by the Content-Security-Policy), SERVICE_ROUTING_URL (an OSRM server for driving directions), SEARCH_URL (an Elasticsearch or OpenSearch server synced trips also go to), STATIC_DIR (./dist), TRUST_PROXY, LOG_LEVEL, GAZETTEER_CACHE_DIR (the place
 * search's prebuilt gazetteer, default node_modules/.cache/lego-gazetteer), REPORT_TICK_SECONDS (15: how often the
 * report scheduler looks for due schedules; 0 turns it off, Run now still works), WORKER_POOL_SIZE (threads for CPU-heavy work,
 * default cores - 1: server/workers/README.md), OUTBOUND_* and BATCH_QUEUE_PER_DESK
 * (the outbound quotas, server/rules/outbound-gate.ts), LEASE_SECONDS (20) and SWEEP_SECONDS (10) (server/jobs/lease.ts).
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openStore } from './store/open-store';
import { createSmtpMailer, smtpHostOf } from './adapters/smtp-mailer';
import { quotasFromEnv } from './rules/outbound-gate';
import { gazetteerStatus } from './geocoder/gazetteer-build';
import { SERVICE_BASES, SERVICE_NAMES } from '../schemas/api/services';

const env = process.env;
/** A whole number of seconds from the environment, or undefined. */
const wholeSeconds = (text: string | undefined) => (/^\d{1,6}$/.test(text ?? '') ? Number(text) : undefined);
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';

const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? './data' });
const app = await buildApp({
  store,
  jwtSecret: env.JWT_SECRET || undefined,
  // With SMTP_URL the codes go by mail and /dev/outbox is not mounted; without it they stay in the outbox.
  mailer: env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? 'Lego console <no-reply@lego.local>')
    : undefined,
  staticDir: env.STATIC_DIR ?? fileURLToPath(new URL('../dist/', import.meta.url)),
  // A hop count ('1') or trusted addresses ('10.0.0.0/8,127.0.0.1'); 'true' trusts every hop.
  trustProxy:
    env.TRUST_PROXY === 'true'
      ? true
      : /^\d+$/.test(env.TRUST_PROXY ?? '')
        ? (_address: string, hop: number) => hop < Number(env.TRUST_PROXY)
        : env.TRUST_PROXY || false,
  logger: { level: env.LOG_LEVEL ?? 'warn' },
  mapTilesUrl: env.MAP_TILES_URL || undefined,
  routingUrl: env.SERVICE_ROUTING_URL || undefined,
  searchUrl: env.SEARCH_URL || undefined,
  outbound: quotasFromEnv(env),
  jobs: {
    reportTickSeconds: wholeSeconds(env.REPORT_TICK_SECONDS),
    // How long a run's or batch's lease lasts, and how often this instance sweeps for work whose lease ran out.
    leaseSeconds: wholeSeconds(env.LEASE_SECONDS) || undefined,
    sweepSeconds: wholeSeconds(env.SWEEP_SECONDS) || undefined,
    // Days a proposal waits for its decision or apply before it expires.
    proposalMaxAgeDays: wholeSeconds(env.PROPOSAL_MAX_AGE_DAYS) || undefined,
  },
  config: {
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
    // SERVICE_MAIN_URL, SERVICE_TRANSPORTERS_URL...: each family's base URL, by default this origin's (SERVICE_BASES).
    services: {
      ...SERVICE_BASES,
      ...Object.fromEntries(
        SERVICE_NAMES.flatMap((name) => {
          const url = env[`SERVICE_${name.toUpperCase()}_URL`];
          return url === undefined ? [] : [[name, url]];
        }),
      ),
    },
  },
});

await app.listen({ port, host });
const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
console.log(
  `Lego console and platform API at http://${shown}:${port} (${store.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
);
// Which of several instances holds a background job: the lease owner its rows name (bulk_batches, report_runs).
console.log(`This instance's name on the jobs it runs: ${app.jobs.runWorker.owner}`);
// buildApp has loaded the place search's gazetteer before this point: the first search does not wait for it.
const places = gazetteerStatus();
if (places.source !== 'none')
  console.log(
    `Place search ready: gazetteer ${places.source === 'cache' ? 'read from its cache' : 'built'} in ${Math.round(places.ms)} ms`,
  );
// Where an operator finds the one-time code: by mail through the SMTP host, or (no mail transport) in the dev outbox.
const smtpHost = env.SMTP_URL ? smtpHostOf(env.SMTP_URL) : null;
console.log(
  smtpHost
    ? `Log in as ops@demo.local; one-time codes are mailed through ${smtpHost}`
    : `Log in as ops@demo.local; with no mail transport, the one-time code is shown at http://${shown}:${port}/dev/outbox`,
);

let stopping = false;
/** Stops taking requests, lets running ones finish, then closes the database. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  try {
    await app.close();
    await store.close();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
