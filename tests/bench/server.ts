/**
 * The bench's server process: the platform API as `npm start` builds it (on DATABASE_URL, else PGlite in DATA_DIR)
 * and, on the same store, a bare Fastify instance whose one route answers the routes fetch's rows with the same SQL
 * (the scope query and `routeRepository.listJson`) and the same bytes, but without security headers, desk guard,
 * validation or envelope handlers: the baseline the API's throughput is compared with. Prints its two addresses as
 * one JSON line when it listens (with how the place search's gazetteer was loaded); SIGTERM closes both and the store (so `--cpu-prof` can write its profile).
 */
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { openStore } from '../../server/store/open-store';
import { resolveScope } from '../../server/repos/scope-repository';
import { routeRepository } from '../../server/repos/route-repository';
import { gazetteerStatus } from '../../server/geocoder/gazetteer-build';

const env = process.env;
const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
// STATIC_DIR: the built console too (the trip page's replay is measured in Chromium).
const app = await buildApp({ store, logger: false, staticDir: env.STATIC_DIR });
const bare = Fastify({ logger: false });
bare.get('/bench/routes', async (request, reply) => {
  const { c, b, d } = request.query as { c: string; b?: string; d?: string };
  const data = await routeRepository.listJson(store, await resolveScope(store, { c, b, d }));
  return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"message":[]}`);
});

const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
console.log(
  JSON.stringify({ apiUrl, bareRoutesUrl: `${bareUrl}/bench/routes`, kind: store.kind, gazetteer: gazetteerStatus() }),
);

process.once('SIGTERM', async () => {
  await Promise.all([app.close(), bare.close()]);
  await store.close();
  process.exit(0);
});
