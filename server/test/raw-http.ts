import { connect } from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** The answer's head and body once all of it is in `received`, or null while it is not. */
function parsedResponse(received: string): RawResponse | null {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = received.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const body = received.slice(headEnd + 4);
  if (body.length < Number(headers['content-length'] ?? 0)) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * An HTTP/1.1 client on a raw socket to a listening test server: what it writes goes out as
 * written (a body cut short, a content type no library would send), and it sees when the server
 * answers and when it ends the connection.
 */
export function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  // The server may end the connection while a body is still being written: the writes fail, the
  // answer it sent first is still read.
  socket.on('error', () => {});
  let received = '';
  const response = new Promise<RawResponse>((resolve) => {
    socket.on('data', (chunk: string) => {
      received += chunk;
      const parsed = parsedResponse(received);
      if (parsed) resolve(parsed);
    });
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    response,
    /** Resolves once the server has ended the connection. */
    closed,
    write: (data: string | Buffer) => socket.write(data),
    end: () => socket.destroy(),
  };
}

/** `promise`, or a rejection naming `what` after `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
