import type { FastifyInstance } from 'fastify';
import { jsonTooDeepAt } from '#shared/json-depth.ts';

/** Fastify's own answer to a body that is not JSON (a 400, "Bad request."), for one nested too deeply. */
const tooDeep = () => Object.assign(new SyntaxError('JSON nested too deeply'), { statusCode: 400 });

/**
 * The REST routes' JSON bodies (tRPC reads its own: trpc/fastify-adapter.ts): Fastify's parser,
 * which also refuses `__proto__` and `constructor` keys, behind the depth check of
 * shared/json-depth.ts, so that no body costs its nesting. Registered on the app before its
 * routes, every scope under it inherits it.
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (jsonTooDeepAt(text as string) >= 0) return done(tooDeep(), undefined);
    return parse(request, text as string, done);
  });
}
