/**
 * A bare Fastify server (`node bare-server.mjs`, PORT and HOST from the environment, as
 * dist/server.js takes them) answering /api/health: the floor a cold start of the real server is
 * compared with, in the same run (startup.ts).
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
