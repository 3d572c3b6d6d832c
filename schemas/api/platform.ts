import { defineCall } from './contract';

const platform = { service: 'main', envelope: 'none', public: true } as const;

/** The platform API's own calls, outside the spec: health, the console's runtime config, the developer outbox. */
export const platformCalls = {
  health: defineCall({ ...platform, id: 'platform.health', method: 'GET', path: '/health', summary: "{status: 'ok'} while the database answers, else 503", answers: { 503: "{status: 'unavailable'}: the database does not answer" } }),
  config: defineCall({ ...platform, id: 'platform.config', method: 'GET', path: '/config.json', summary: "The console's runtime config: maps key and each service family's base URL" }),
  outbox: defineCall({ ...platform, id: 'platform.outbox', method: 'GET', path: '/dev/outbox', summary: 'Messages kept instead of sent (only without a mail transport, only from this machine)', answers: { 403: 'A request from another machine (or through a proxy) without DEV_OUTBOX_OPEN=1' } }),
};
