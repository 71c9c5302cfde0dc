import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedSequences, openLoop, type PostRequest, responseReader, runLoad } from './load';

const response = (status: number, body: string) =>
  Buffer.from(
    `HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );

describe('responseReader', () => {
  it('reads responses split anywhere and several in one chunk, in order', () => {
    const statuses: number[] = [];
    const read = responseReader((status) => statuses.push(status));
    const wire = Buffer.concat([response(200, '{"a":"é"}'), response(404, ''), response(500, 'x'.repeat(5000))]);
    // Cut inside the first head, inside its blank line and inside the é of its body.
    const cuts = [0, 3, 40, 69, 77];
    for (let i = 1; i < cuts.length; i++) read(wire.subarray(cuts[i - 1], cuts[i]));
    expect(statuses).toEqual([]);
    read(wire.subarray(77));
    expect(statuses).toEqual([200, 404, 500]);
  });

  it('reads chunked responses, split anywhere, beside ones with a length', () => {
    const statuses: number[] = [];
    const read = responseReader((status) => statuses.push(status));
    const chunked = Buffer.from(
      'HTTP/1.1 429 X\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n3\r\né!\r\n0\r\n\r\n',
    );
    const wire = Buffer.concat([chunked, response(200, '{}'), chunked]);
    for (let i = 0; i < wire.length; i += 7) read(wire.subarray(i, i + 7));
    expect(statuses).toEqual([429, 200, 429]);
  });

  it('refuses a response with neither a length nor chunks', () => {
    const read = responseReader(() => {});
    expect(() => read(Buffer.from('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nhello'))).toThrow(/without a length/);
  });
});

describe('openLoop', () => {
  const bodies: string[] = [];
  const server = http.createServer((request, reply) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      bodies.push(`${request.method} ${request.url} ${request.headers['x-who']} ${body}`);
      if (request.url === '/silent') return; // never answers
      const answer = JSON.stringify({ ok: request.url !== '/fail', padding: 'x'.repeat(3000) });
      reply.writeHead(request.url === '/fail' ? 500 : 200, {
        'content-type': 'application/json',
        // Without a length Node sends the body chunked.
        ...(request.url === '/chunked' ? {} : { 'content-length': Buffer.byteLength(answer) }),
      });
      reply.end(answer);
    });
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const post = (path: string, who: string): PostRequest => ({
    path,
    headers: { 'content-type': 'application/json', 'x-who': who },
    body: JSON.stringify({ who }),
  });

  it('sends every request at its rate over keep-alive connections and times each answer', async () => {
    bodies.length = 0;
    const result = await openLoop(origin, [post('/ok', 'a'), post('/ok', 'b')], {
      connections: 4,
      seconds: 0.5,
      rate: 200,
      graceSeconds: 1,
    });
    expect(result).toMatchObject({ ok: 100, failed: 0, unfinished: 0 });
    expect(result.p50).toBeGreaterThan(0);
    expect(result.max).toBeLessThan(1000);
    expect(result.seconds).toBeGreaterThanOrEqual(0.49);
    // The requests are the ones given, in turn, whole: half of each. (Counted, not read in arrival
    // order: over four connections on a busy machine the server may see the second before the first.)
    expect(bodies).toHaveLength(100);
    expect(bodies.filter((body) => body === 'POST /ok a {"who":"a"}')).toHaveLength(50);
    expect(bodies.filter((body) => body === 'POST /ok b {"who":"b"}')).toHaveLength(50);
  });

  it('counts answers other than 200 as failed', async () => {
    const result = await openLoop(origin, [post('/ok', 'a'), post('/fail', 'b')], {
      connections: 2,
      seconds: 0.2,
      rate: 100,
      graceSeconds: 1,
    });
    expect(result).toMatchObject({ ok: 10, failed: 10, unfinished: 0 });
  });

  it('reads chunked answers as well as answers with a length', async () => {
    const result = await openLoop(origin, [post('/chunked', 'a'), post('/ok', 'b')], {
      connections: 1,
      seconds: 0.2,
      rate: 100,
      graceSeconds: 1,
    });
    expect(result).toMatchObject({ ok: 20, failed: 0, unfinished: 0 });
  });

  it('gives up on what is unanswered after the grace period, counting it with its lateness', async () => {
    const result = await openLoop(origin, [post('/silent', 'a')], {
      connections: 2,
      seconds: 0.1,
      rate: 50,
      graceSeconds: 0.3,
    });
    expect(result).toMatchObject({ ok: 0, failed: 5, unfinished: 5 });
    expect(result.max).toBeGreaterThanOrEqual(300);
  });

  it('runs a measurement, warm-up first, in a process of its own', async () => {
    bodies.length = 0;
    const job = { origin, requests: [post('/ok', 'a')], connections: 2, warmupSeconds: 1 };
    const open = await runLoad({ ...job, seconds: 0.2, open: { rate: 100, graceSeconds: 1 } });
    expect(open).toMatchObject({ ok: 20, failed: 0, unfinished: 0 });
    const warmedUp = bodies.length - 20;
    expect(warmedUp).toBeGreaterThan(10);
    const closed = await runLoad({ ...job, seconds: 1, warmupSeconds: 0 });
    expect(closed.ok).toBeGreaterThan(10);
    expect(closed.failed).toBe(0);
    // The server saw those, and at most one more a connection still in flight at the end.
    const served = bodies.length - warmedUp - 20;
    expect(served).toBeGreaterThanOrEqual(closed.ok);
    expect(served).toBeLessThanOrEqual(closed.ok + 2);
  }, 20_000);
});

describe('closedSequences', () => {
  const seen: string[] = [];
  const server = http.createServer((request, reply) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push(body);
      // The answer comes late for some, so that a connection that did not wait would overtake it.
      setTimeout(() => reply.writeHead(body.endsWith('x') ? 409 : 200).end('{}'), body.endsWith('0') ? 20 : 0);
    });
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends each connection’s requests in order, one after the answer to the last, and counts refusals', async () => {
    const request = (body: string): PostRequest => ({ path: '/', headers: {}, body });
    const sequences = ['a', 'b', 'c'].map((who) => [0, 1, 2, 3].map((n) => request(`${who}${n}`)));
    sequences[2]?.push(request('cx'));
    const result = await closedSequences(origin, sequences, { seconds: 5 });
    expect(result.ok).toBe(12);
    expect(result.failed).toBe(1);
    for (const who of ['a', 'b', 'c']) {
      expect(seen.filter((body) => body.startsWith(who) && body !== 'cx')).toEqual(
        [0, 1, 2, 3].map((n) => `${who}${n}`),
      );
    }
  });
});
