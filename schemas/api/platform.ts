import type { FromSchema } from 'json-schema-to-ts';
import { defineCall } from './contract';
import type { ServiceName } from './services';
import { bool, int, intOrNull, list, shape, str, strOrNull } from './shapes';

const platform = { service: 'main', envelope: 'none', public: true } as const;

/** The health answer: the process answers (it reads nothing, waits for nothing). */
export const healthAnswer = shape({ status: { type: 'string', const: 'ok' } });

/** The health answer. */
export const HEALTHY: FromSchema<typeof healthAnswer> = { status: 'ok' };

/** What a share (of the worker pool, of the database connections) holds now: in use and waiting, in all and by desk. */
const shareState = shape({
  slots: { ...int, description: 'Threads or connections' },
  inside: { ...int, description: 'In use' },
  waiting: { ...int, description: 'Work waiting for one' },
  desks: { ...int, description: 'Desks with work in use or waiting' },
});

/** `GET /health/ready`: whether this instance should be sent work, and why not. */
export const readyAnswer = shape({
  status: { type: 'string', enum: ['ready', 'busy', 'unavailable'] },
  database: shape({
    answered: { ...bool, description: "Whether `select 1` answered within the probe's deadline (2 s)" },
    ms: { ...int, description: 'How long it took (or the deadline, when it did not answer)' },
    connections: shareState,
  }),
  pool: { ...shareState, description: 'The worker pool of CPU-heavy work: threads, tasks waiting' },
  jobs: shape({
    queued: {
      ...intOrNull,
      description: 'Background jobs waiting for a worker (null when the database did not answer)',
    },
    active: { ...intOrNull, description: 'Background jobs running on some instance' },
  }),
});

/** The readiness answer. */
export type ReadyState = FromSchema<typeof readyAnswer>;

/** Each service family's base URL, by name: '' is the console's own origin. */
const serviceBases = {
  main: str,
  transporters: str,
  maps: str,
  auth: str,
  data: str,
  reports: str,
  notification: str,
  ap: str,
  trips: str,
  settings: str,
} as const satisfies Record<ServiceName, typeof str>;

/** The runtime settings the console reads from `GET /config.json`. */
export const publicConfigAnswer = shape({
  googleMapsApiKey: { ...strOrNull, description: 'The Google Maps key; null = the offline map' },
  mapTilesUrl: {
    ...strOrNull,
    description:
      "`MAP_TILES_URL`: the offline map's XYZ tile server (a template such as `https://{s}.tiles.example/{z}/{x}/{y}.png`); null = the built-in base map",
  },
  services: {
    ...shape(serviceBases),
    description:
      "Base URL per service family; '' means this origin (defaults: `SERVICE_BASES` of schemas/api/services.ts)",
  },
});

/** Runtime settings the console reads from `GET /config.json`. */
export type PublicConfig = FromSchema<typeof publicConfigAnswer>;

/** An attachment as `GET /dev/outbox` shows it: name, type, size in bytes and the file itself in base64. */
export const outboxAttachmentAnswer = shape({ filename: str, contentType: str, size: int, content: str });

/** An entry of `GET /dev/outbox`: a message kept instead of sent, with the time it was kept (ISO). */
export const outboxEntryAnswer = shape({
  to: str,
  subject: str,
  body: str,
  time: str,
  attachments: { ...list(outboxAttachmentAnswer), description: 'The files, in the order attached (empty when none)' },
});

/** An attachment of an outbox entry. */
export type OutboxAttachment = FromSchema<typeof outboxAttachmentAnswer>;
/** An entry of `GET /dev/outbox`. */
export type OutboxEntry = FromSchema<typeof outboxEntryAnswer>;

/** The platform API's own calls, outside the spec: health, the console's runtime config, the developer outbox. */
export const platformCalls = {
  health: defineCall({
    ...platform,
    id: 'platform.health',
    method: 'GET',
    path: '/health',
    summary:
      "{status: 'ok'} while the process answers: it reads nothing and waits behind no work (a liveness check; `/health/ready` says whether to send work)",
    answer: healthAnswer,
  }),
  ready: defineCall({
    ...platform,
    id: 'platform.ready',
    method: 'GET',
    path: '/health/ready',
    summary:
      "Whether this instance should be sent work, for a load balancer: the database's answer to a probe, its connections and the worker pool in use and waiting, the background jobs queued and running. 'busy' (still 200) when every thread and connection is in use and work waits for them",
    answers: { 503: "The same answer with status 'unavailable': the database did not answer within 2 s" },
    answer: readyAnswer,
  }),
  config: defineCall({
    ...platform,
    id: 'platform.config',
    method: 'GET',
    path: '/config.json',
    summary: "The console's runtime config: maps key and each service family's base URL",
    answer: publicConfigAnswer,
  }),
  outbox: defineCall({
    ...platform,
    id: 'platform.outbox',
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Messages kept instead of sent (only without a mail transport, only from this machine)',
    answers: { 403: 'A request from another machine (or through a proxy) without DEV_OUTBOX_OPEN=1' },
    answer: list(outboxEntryAnswer),
  }),
};
