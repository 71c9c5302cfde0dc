import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatRequest = { model: string; messages: { role: string; content: string }[]; response_format?: unknown };
export type Reply = {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
  /** A hostile or broken service: a 200 whose body never ends (64 KB chunks, no length), until the client hangs up. */
  endless?: boolean;
};

export type SpeechRequest = { model: string; voice: string; input: string; response_format?: string };

/**
 * Half a second of real MP3 audio (silence): MPEG-1 Layer III frames at 128 kbit/s and 44.1 kHz,
 * 417 bytes each, their side information and data zero. Browsers decode and play it.
 */
export function silentMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: 20 }, () => frame));
}

/** A chat-completions answer whose message is `content`. */
export const completion = (content: string): Reply => ({
  json: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  },
});

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions),
 * for tests of the real `openai` SDK against it: each request takes the next queued reply (or
 * the fallback), and is recorded. It speaks too (POST /v1/audio/speech: real, silent MP3).
 */
export async function startFakeAiService() {
  const requests: ChatRequest[] = [];
  const speechRequests: SpeechRequest[] = [];
  let speechFails = false;
  let speechDelayMs = 0;
  const queue: ((request: ChatRequest) => Reply)[] = [];
  let fallback: (request: ChatRequest) => Reply = () => ({
    status: 500,
    json: { error: { message: 'no reply queued' } },
  });

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST' && request.url?.endsWith('/audio/speech')) {
        const asked = JSON.parse(body) as SpeechRequest;
        speechRequests.push(asked);
        if (speechFails) {
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
          return;
        }
        setTimeout(() => response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(silentMp3()), speechDelayMs);
        return;
      }
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as ChatRequest;
      requests.push(parsed);
      const reply = (queue.shift() ?? fallback)(parsed);
      const send = () => {
        if (response.destroyed) return;
        if (reply.endless) {
          response.writeHead(200, { 'content-type': 'application/json' });
          const chunk = `{"id":"x","choices":[{"message":{"content":"${'x'.repeat(64 * 1024)}`;
          const more = () => {
            if (!response.destroyed) response.write(chunk, () => setTimeout(more, 1));
          };
          more();
          return;
        }
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        response.end(reply.text ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    /** What POST /v1/audio/speech was asked (the speech call), in order. */
    speechRequests,
    /** Makes the speech call answer 500 (or work again). */
    failSpeech(fails: boolean) {
      speechFails = fails;
    },
    /** Makes each speech answer take `ms` (a slow service). */
    delaySpeech(ms: number) {
      speechDelayMs = ms;
    },
    /** The next replies, in order. */
    reply(...replies: (Reply | ((request: ChatRequest) => Reply))[]) {
      for (const next of replies) queue.push(typeof next === 'function' ? next : () => next);
    },
    otherwise(reply: Reply | ((request: ChatRequest) => Reply)) {
      fallback = typeof reply === 'function' ? reply : () => reply;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
