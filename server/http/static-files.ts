import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/routes';

/** The server's own paths: unknown ones there stay JSON. */
function isServerPath(pathname: string): boolean {
  return /^\/(api|trpc|auth|uploads)(\/|$)/.test(pathname);
}

function acceptsHtml(accept: string | undefined): boolean {
  return accept?.includes('text/html') ?? false;
}

/**
 * Serves the built client. Client routes get index.html; anything else that is not a file in
 * dist/public is a 404 (the app's page for a browser, JSON otherwise), so nothing outside it
 * (/.env, /data, /drizzle) is ever reachable.
 */
export async function registerClient(app: FastifyInstance, publicDir: string | null) {
  const indexFile = publicDir ? join(publicDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : null;

  if (publicDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: publicDir,
      index: false,
      // One route per built file, found at start-up: every other path falls to the handler below.
      wildcard: false,
      dotfiles: 'ignore',
      setHeaders(res, path) {
        const hashed = path.includes(`${join(publicDir, 'assets')}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(pathname);
    if (indexHtml && page && (isClientRoute(pathname) || acceptsHtml(request.headers.accept))) {
      // An unknown page is the app's own bilingual "Page not found" (its router shows it), with a 404.
      return reply
        .code(isClientRoute(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
