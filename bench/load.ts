import { fork } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { summarise } from './stats';

/** One request the load sends: its path, headers (cookie, origin, content-type) and JSON body; a POST unless it says GET. */
export type PostRequest = { path: string; headers: Record<string, string>; body: string; method?: 'GET' | 'POST' };

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

/** A measurement: a closed loop, or an open loop at a rate; after a closed-loop warm-up. */
export type LoadJob = {
  origin: string;
  requests: PostRequest[];
  /** Instead of `requests`: one sequence a connection, each sent in order (closedSequences). */
  sequences?: PostRequest[][];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  open?: { rate: number; graceSeconds: number };
};

/** Runs a measurement in a fresh process of its own (see load-child.ts). */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(join(import.meta.dirname, 'load-child.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (result: LoadResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the load process exited (${code}) without a result`)));
    child.send(job);
  });
}

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
  const all = requests.map((r) => ({
    ...r,
    method: r.method ?? 'POST',
    body: r.method === 'GET' ? undefined : r.body,
  }));
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

/** A POST as the bytes sent on the wire: request line, headers (with Host and Content-Length), body. */
function wireRequest(host: string, request: PostRequest): Buffer {
  const body = Buffer.from(request.body);
  const headers = { ...request.headers, host, 'content-length': String(body.length) };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return Buffer.concat([Buffer.from(`POST ${request.path} HTTP/1.1\r\n${lines.join('')}\r\n`), body]);
}

/**
 * Reads the HTTP/1.1 responses of one keep-alive connection, in order, as chunks arrive: a
 * response is whole once its head and its body are in, the body measured by Content-Length or,
 * for a chunked one (tRPC's adapter streams its answers), by its chunks up to the last, empty one.
 * Calls `onResponse` with each one's status.
 */
export function responseReader(onResponse: (status: number) => void): (chunk: Buffer) => void {
  let rest: Buffer | null = null;
  return (chunk) => {
    let data = rest ? Buffer.concat([rest, chunk]) : chunk;
    for (;;) {
      const headEnd = data.indexOf('\r\n\r\n');
      if (headEnd < 0) break;
      const head = data.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      const end =
        length !== undefined
          ? headEnd + 4 + Number(length)
          : /\r\ntransfer-encoding: *chunked/i.test(head)
            ? chunkedBodyEnd(data, headEnd + 4)
            : Number.NaN;
      if (Number.isNaN(end)) throw new Error(`response without a length: ${head.split('\r\n')[0]}`);
      if (end < 0 || data.length < end) break;
      onResponse(Number(head.slice('HTTP/1.1 '.length, 'HTTP/1.1 200'.length)));
      data = data.subarray(end);
    }
    rest = data.length > 0 ? data : null;
  };
}

/** Where a chunked body starting at `start` ends (after its last, empty chunk), or -1 when it is not all in yet. */
function chunkedBodyEnd(data: Buffer, start: number): number {
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunked body');
    // A chunk: its size line, its bytes and a CRLF; the last one (0) ends with an empty line.
    const next = lineEnd + 2 + size + 2;
    if (data.length < next) return -1;
    if (size === 0) return next;
    at = next;
  }
}

type Connection = { socket: net.Socket; inFlight: number | null };

/**
 * Open loop at a fixed arrival rate: requests are due at evenly spaced instants whatever the
 * server's pace, over at most `connections` keep-alive connections, opened as needed (a request
 * finding them all busy waits for one). Latency runs from the instant a request was due, so
 * queueing counts (no coordinated omission). autocannon's own rate limit is per second and
 * bursty, hence this.
 *
 * Like autocannon it writes requests built once as bytes and reads responses by their length:
 * Node's http client, used here before, took twice the CPU on the cores the server runs on and
 * paused its own process for 10-20 ms young collections (measured with --trace-gc), which
 * counted as server latency. Requests unanswered `graceSeconds` after the last one was due are
 * given up on.
 */
export async function openLoop(
  origin: string,
  requests: PostRequest[],
  options: { connections: number; seconds: number; rate: number; graceSeconds: number },
): Promise<LoadResult> {
  const url = new URL(origin);
  const wire = requests.map((request) => wireRequest(url.host, request));
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  const finishedAt = new Uint8Array(total);
  let ok = 0;
  let failed = 0;
  let unfinished = 0;
  let sent = 0;
  let finished = 0;
  const start = performance.now() + 5;
  const dueAt = (index: number) => start + (index * 1000) / options.rate;
  const open = new Set<Connection>();
  const idle: Connection[] = [];
  const waiting: number[] = [];
  let running = true;

  await new Promise<void>((resolve) => {
    let cutOff: NodeJS.Timeout | undefined;
    const finish = () => {
      running = false;
      clearTimeout(cutOff);
      resolve();
    };
    const done = (index: number, success: boolean) => {
      if (finishedAt[index]) return;
      finishedAt[index] = 1;
      latencies[index] = performance.now() - dueAt(index);
      if (success) ok++;
      else failed++;
      if (++finished === total) finish();
    };
    const dispatch = (connection: Connection, index: number) => {
      connection.inFlight = index;
      connection.socket.write(wire[index % wire.length] as Buffer);
    };
    const release = (connection: Connection) => {
      const next = waiting.shift();
      if (next === undefined) idle.push(connection);
      else dispatch(connection, next);
    };
    const connect = (): Connection => {
      const connection: Connection = { socket: net.connect(Number(url.port || 80), url.hostname), inFlight: null };
      connection.socket.setNoDelay(true);
      const read = responseReader((status) => {
        const index = connection.inFlight;
        connection.inFlight = null;
        if (index !== null) done(index, status === 200);
        release(connection);
      });
      connection.socket.on('data', (chunk: Buffer) => {
        try {
          read(chunk);
        } catch {
          connection.socket.destroy();
        }
      });
      connection.socket.on('error', () => {});
      // A lost connection fails its request; another takes the next one waiting, if any.
      connection.socket.on('close', () => {
        open.delete(connection);
        const at = idle.indexOf(connection);
        if (at >= 0) idle.splice(at, 1);
        if (connection.inFlight !== null) done(connection.inFlight, false);
        const next = running ? waiting.shift() : undefined;
        if (next !== undefined) dispatch(connect(), next);
      });
      open.add(connection);
      return connection;
    };
    const send = (index: number) => {
      const connection = idle.pop() ?? (open.size < options.connections ? connect() : undefined);
      if (connection) dispatch(connection, index);
      else waiting.push(index);
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
        finish();
      }, options.graceSeconds * 1000);
    }, 1);
  });
  const seconds = Math.min((performance.now() - start) / 1000, options.seconds + options.graceSeconds);
  for (const connection of open) connection.socket.destroy();
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

/**
 * Closed loop over sequences: connection k sends `sequences[k]` one request after another, each as
 * soon as the last is answered, until `seconds` have passed or its sequence ends. For requests that
 * must come in order on their own connection (a game's picks), which autocannon's shared list does
 * not keep.
 */
export async function closedSequences(
  origin: string,
  sequences: PostRequest[][],
  options: { seconds: number },
): Promise<LoadResult> {
  const url = new URL(origin);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  const until = start + options.seconds * 1000;
  await Promise.all(
    sequences.map(
      (sequence) =>
        new Promise<void>((resolve) => {
          const wire = sequence.map((request) => wireRequest(url.host, request));
          const socket = net.connect(Number(url.port || 80), url.hostname);
          socket.setNoDelay(true);
          let next = 0;
          let sentAt = 0;
          const send = () => {
            if (next >= wire.length || performance.now() >= until) {
              socket.end();
              return resolve();
            }
            sentAt = performance.now();
            socket.write(wire[next++] as Buffer);
          };
          const read = responseReader((status) => {
            latencies.push(performance.now() - sentAt);
            if (status === 200) ok++;
            else failed++;
            send();
          });
          socket.on('data', (chunk: Buffer) => read(chunk));
          socket.on('error', () => resolve());
          socket.on('close', () => resolve());
          socket.on('connect', send);
        }),
    ),
  );
  const seconds = (performance.now() - start) / 1000;
  const latency = summarise(latencies);
  return {
    rps: ok / seconds,
    p50: latency.p50,
    p99: latency.p99,
    max: latency.max,
    ok,
    failed,
    unfinished: 0,
    seconds,
  };
}
