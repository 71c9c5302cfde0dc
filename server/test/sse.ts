/**
 * A small Server-Sent Events client over fetch, for tests against a listening server: it reads
 * the stream as a browser's EventSource would (event, data, id lines; a blank line ends an event)
 * and sends a cookie and a Last-Event-ID, which EventSource does by itself.
 */
export type SseEvent = { event: string; id: string | null; data: string };

export type SseStream = {
  status: number;
  headers: Headers;
  /** The next event (pings and tRPC's `connected` skipped unless asked for); fails after `timeoutMs`. */
  next(options?: { timeoutMs?: number; all?: boolean }): Promise<SseEvent>;
  /** The next event whose data satisfies `match`, skipping the others. */
  until(match: (data: unknown, event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
};

export async function openSse(
  url: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const queue: SseEvent[] = [];
  let buffer = '';
  let done = false;
  const waiter: { wake: (() => void) | null } = { wake: null };

  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', id: null, data: '' };
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
          }
          if (block.trim()) queue.push(event);
          end = buffer.indexOf('\n\n');
        }
        waiter.wake?.();
      }
    } catch {
      // Aborted by close(), or the connection was cut.
    } finally {
      done = true;
      waiter.wake?.();
    }
  })();

  async function next({ timeoutMs = 5000, all = false } = {}): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (queue.length > 0) {
        const event = queue.shift() as SseEvent;
        if (all || (event.event !== 'ping' && event.event !== 'connected')) return event;
      }
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiter.wake = null;
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    next,
    async until(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await next({ timeoutMs: Math.max(1, deadline - Date.now()) });
        const data = event.data ? (JSON.parse(event.data) as unknown) : null;
        if (match(data, event)) return event;
      }
    },
    ended: () => done && queue.length === 0,
    close() {
      controller.abort();
    },
  };
}

/** The URL of a tRPC GET (a query, or a subscription as httpSubscriptionLink opens it) with its input. */
export function trpcGetUrl(origin: string, path: string, input?: unknown): string {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return `${origin}/trpc/${path}${query}`;
}
