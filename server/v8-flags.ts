/**
 * V8 flags the server runs with, both for memory: under a steady load V8 grows its heap as far
 * as it may, and on a machine with gigabytes free that is far. 8 MB semi-spaces instead of the
 * ~100 MB young generation V8 chose serve the same throughput; an old generation held to 256 MB
 * (eight times what the server keeps alive under load) makes V8 collect before it grows the heap
 * to ~85 MB. Together they keep the server under its 250 MB budget (`npm run bench`). V8 reads
 * them only when it starts: see index.ts.
 */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256'];
