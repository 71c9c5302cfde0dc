/**
 * A lean Server-Sent Events reader over node:http, for the bench's thousands of streams (a phone is
 * a device of its own; the bench's are thousands in one process, so each must cost little: no web
 * streams, no promise a chunk). It hands each event's name (null for data) and data, with the time
 * its chunk arrived. tRPC ends each event with a blank line after its last field, so a block may
 * start with a newline: fields are read by line.
 */
import { Agent, request } from 'node:http';

export type SseHandlers = {
  onEvent(event: string | null, data: string, at: number): void;
  /** The stream ended or failed without being aborted. */
  onEnd(reason: string): void;
};

/** Streams stay open for long: each has its own socket, none is pooled. */
const streamAgent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** Resolves once the stream is open (status 200), then reads it in the background until `signal` aborts. */
export function readSse(url: string, cookie: string, signal: AbortSignal, handlers: SseHandlers): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: streamAgent, headers: { accept: 'text/event-stream', cookie }, signal });
    req.on('error', (error) => {
      if (signal.aborted) return;
      reject(error);
      handlers.onEnd(error.message);
    });
    req.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: ${response.statusCode}`));
        return;
      }
      resolve();
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let event: string | null = null;
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          handlers.onEvent(event, data, at);
        }
      });
      response.on('end', () => {
        if (!signal.aborted) handlers.onEnd('closed by the server');
      });
      response.on('error', (error) => {
        if (!signal.aborted) handlers.onEnd(error.message);
      });
    });
    req.end();
  });
}
