/**
 * V8 flags the server runs with, both for memory: under a steady load V8 grows its heap as far
 * as its limits let it, and on a machine with gigabytes free that is far. 8 MB semi-spaces
 * instead of the ~100 MB young generation V8 chose serve the same throughput. With an old
 * generation limit of 1 GB (some thirty times what the server keeps alive) V8 sizes the heap
 * more tightly: peak RSS under load ~190 MB against ~250 MB without a limit, for ~10 % fewer
 * game starts a second at saturation (a 2 GB limit behaves like none). `npm run bench` measures
 * both. V8 reads them only when it starts: see index.ts.
 */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
