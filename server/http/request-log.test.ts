import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { createTestApp, signInLocally } from '../test/app';
import { createTestDb } from '../test/db';

/** An app whose log lines (parsed) land in `lines`. */
async function loggedApp(level: 'info' | 'debug') {
  const lines: { msg: string; level: number; req?: { url: string }; res?: { statusCode: number } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await createTestApp(createTestDb(), { logger: { level, stream, ...loggerOptions } });
  return { app, lines };
}

describe('the request log', () => {
  it('at info (the default) writes no line for requests served, only for what an operator must see', async () => {
    const { app, lines } = await loggedApp('info');
    const cookie = await signInLocally(app, 'quiet@example.com');
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } });
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(lines.filter((line) => line.req)).toEqual([]);
    // A warning is still written: a request for another host.
    await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.example' } });
    expect(lines.map((line) => line.msg)).toContain('request for another host refused');
  });

  it('at debug writes one line a request, with its URL and status', async () => {
    const { app, lines } = await loggedApp('debug');
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/trpc/profiles.list' });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
      ['/api/health', 200],
      ['/trpc/profiles.list', 401],
    ]);
  });
});
