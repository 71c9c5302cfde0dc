/**
 * V8 flags the server runs with. Under a steady load V8 grows its young generation to about
 * 100 MB, which alone took the server past its 250 MB memory budget; 8 MB semi-spaces serve the
 * same throughput at about half the peak memory (`npm run bench`). V8 reads them only when it
 * starts: see index.ts.
 */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=8'];
