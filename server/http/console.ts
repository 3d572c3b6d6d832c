import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXT, fail } from './envelope';
import { DOCS_PREFIX } from './api-docs';
import { API_PREFIXES } from '../../schemas/api';

/** Paths that only ever answer JSON (or bytes), never the console page: the calls' and the API document's. */
const API_ROOTS = [...API_PREFIXES, DOCS_PREFIX];

const isApiPath = (path: string) => API_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));

/** A browser navigation: a GET asking for HTML. */
const isNavigation = (request: FastifyRequest) =>
  request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built console from `staticDir` (when it has an index.html) with the single-page fallback: any GET
 * that is not an API call gets index.html, so deep links such as /routes/abc/edit load the app. Everything
 * else unknown is a 404 in the main envelope.
 */
export async function serveConsole(app: FastifyInstance, staticDir?: string) {
  const root = staticDir ? resolve(staticDir) : undefined;
  const hasConsole = !!root && existsSync(join(root, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: true,
      index: ['index.html'],
      // Vite names each file it builds under assets/ after its content (`index-Cyo1SydO.js`): a browser keeps one for
      // a year without asking again. The page, which names the files of the build being served, and the other files
      // (the map's styles, the favicon) are asked for again each time, answered 304 when unchanged.
      setHeaders: (reply, path) =>
        reply.header(
          'cache-control',
          relative(root!, path).split(sep)[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (hasConsole && request.method === 'GET' && !isApiPath(path) && (isNavigation(request) || !path.includes('.'))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(fail([TEXT.notFound]));
  });
}
