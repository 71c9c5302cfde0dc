/**
 * A lean Server-Sent Events reader over fetch, for the bench's thousands of streams: each event's
 * name (null for data) and data, with the time its chunk arrived. tRPC ends each event with a
 * blank line after its last field, so a block may start with a newline: fields are read by line.
 */
export type SseHandlers = {
  onEvent(event: string | null, data: string, at: number): void;
  /** The stream ended or failed without being aborted. */
  onEnd(reason: string): void;
};

export async function readSse(url: string, cookie: string, signal: AbortSignal, handlers: SseHandlers) {
  const response = await fetch(url, { headers: { accept: 'text/event-stream', cookie }, signal });
  if (response.status !== 200 || !response.body) throw new Error(`${url}: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return handlers.onEnd('closed by the server');
        const at = performance.now();
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? null;
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
          handlers.onEvent(event, data, at);
        }
      }
    } catch (error) {
      if (!signal.aborted) handlers.onEnd(`${(error as Error).message} ${(error as Error).cause ?? ''}`);
    }
  })();
}
