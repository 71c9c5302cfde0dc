/**
 * V8 flags the server runs with. `npm run bench` measures each; V8 reads them only when it
 * starts: see index.ts.
 *
 * Memory: under a steady load V8 grows its heap as far as its limits let it, and on a machine
 * with gigabytes free that is far. 8 MB semi-spaces instead of the ~100 MB young generation V8
 * chose serve the same throughput. With an old generation limit of 1 GB (some thirty times what
 * the server keeps alive) V8 sizes the heap more tightly: peak RSS under load ~190 MB against
 * ~250 MB without a limit, for ~10 % fewer game starts a second at saturation (a 2 GB limit
 * behaves like none).
 *
 * Pauses: V8 learns to allocate objects of a site that often survived straight into the old
 * generation (pretenuring). A request's objects live milliseconds, but the pretenured ones kept
 * the young objects they point to alive until the next full collection, which promoted them
 * too: under load the old generation filled with garbage and the event loop stopped for a full
 * collection every second. Without it, ~50 KB is promoted at a young collection instead of
 * ~240 KB, full collections are half as many, and game.start's p99 at 1,500 a second fell from
 * ~21 ms to ~17 ms.
 */
export const SERVER_V8_FLAGS = [
  '--max-semi-space-size=8',
  '--max-old-space-size=1024',
  '--no-allocation-site-pretenuring',
];
