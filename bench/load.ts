import http from 'node:http';
import autocannon from 'autocannon';
import { summarise } from './stats';

/** One POST the load sends: its path, headers (cookie, origin, content-type) and JSON body. */
export type PostRequest = { path: string; headers: Record<string, string>; body: string };

export type LoadResult = {
  /** Successful (2xx) responses a second. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  /** Errors, non-2xx answers, and (open loop) requests still unanswered at the cut-off. */
  failed: number;
  /** Open loop: requests unanswered at the cut-off; their latency is a lower bound. */
  unfinished: number;
  seconds: number;
};

function rotated<T>(items: T[], offset: number): T[] {
  return [...items.slice(offset), ...items.slice(0, offset)];
}

/**
 * Closed loop (autocannon): `connections` keep-alive connections, each sending its next request
 * as soon as the last is answered: the server's saturated throughput. Each connection walks the
 * request list from its own offset, so concurrent requests are spread over the list (profiles).
 */
export async function closedLoop(
  origin: string,
  requests: PostRequest[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const all = requests.map((r) => ({ method: 'POST', ...r }));
  let client = 0;
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: all,
    setupClient(c) {
      c.setRequests(rotated(all, Math.floor((client++ * all.length) / options.connections) % all.length));
    },
  });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50 ?? Number.NaN,
    p99: result.latency.p99 ?? Number.NaN,
    max: result.latency.max,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    unfinished: 0,
    seconds: result.duration,
  };
}

/**
 * Open loop at a fixed arrival rate: requests are due at evenly spaced instants whatever the
 * server's pace, over at most `connections` keep-alive connections (a request finding them all
 * busy waits for one). Latency runs from the instant a request was due, so queueing counts
 * (no coordinated omission). autocannon's own rate limit is per second and bursty, hence this.
 * Requests unanswered `graceSeconds` after the last one was due are given up on.
 */
export async function openLoop(
  origin: string,
  requests: PostRequest[],
  options: { connections: number; seconds: number; rate: number; graceSeconds: number },
): Promise<LoadResult> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const prepared = requests.map((r) => {
    const body = Buffer.from(r.body);
    return { path: r.path, body, headers: { ...r.headers, 'content-length': String(body.length) } };
  });
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  const finishedAt = new Uint8Array(total);
  const pending = new Map<number, http.ClientRequest>();
  let ok = 0;
  let failed = 0;
  let unfinished = 0;
  let sent = 0;
  let finished = 0;
  const start = performance.now() + 5;
  const dueAt = (index: number) => start + (index * 1000) / options.rate;

  await new Promise<void>((resolve) => {
    let cutOff: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(cutOff);
      resolve();
    };
    const done = (index: number, success: boolean) => {
      if (finishedAt[index]) return;
      finishedAt[index] = 1;
      pending.delete(index);
      latencies[index] = performance.now() - dueAt(index);
      if (success) ok++;
      else failed++;
      if (++finished === total) finish();
    };
    const send = (index: number) => {
      const r = prepared[index % prepared.length] as (typeof prepared)[number];
      const request = http.request(
        { agent, host: url.hostname, port: url.port, method: 'POST', path: r.path, headers: r.headers },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => done(index, response.statusCode === 200));
          response.on('error', () => done(index, false));
        },
      );
      request.on('error', () => done(index, false));
      pending.set(index, request);
      request.end(r.body);
    };
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000));
      while (sent < due) send(sent++);
      if (sent < total) return;
      clearInterval(timer);
      // A server that cannot keep up would take minutes to drain its backlog: stop waiting after a
      // grace period. What is still unanswered counts as failed, with its lateness so far.
      cutOff = setTimeout(() => {
        const now = performance.now();
        for (let i = 0; i < total; i++) {
          if (finishedAt[i]) continue;
          finishedAt[i] = 1;
          latencies[i] = now - dueAt(i);
          unfinished++;
        }
        for (const request of pending.values()) request.destroy();
        pending.clear();
        finish();
      }, options.graceSeconds * 1000);
    }, 1);
  });
  const seconds = Math.min((performance.now() - start) / 1000, options.seconds + options.graceSeconds);
  agent.destroy();
  const latency = summarise(latencies);
  return {
    rps: ok / seconds,
    p50: latency.p50,
    p99: latency.p99,
    max: latency.max,
    ok,
    failed: failed + unfinished,
    unfinished,
    seconds,
  };
}
