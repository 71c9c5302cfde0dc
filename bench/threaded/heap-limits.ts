/**
 * How the threaded runtime's app thread's V8 heap is sized (main.ts starts it in a worker thread
 * with these limits: V8 reads heap sizes only when an isolate starts, and a worker's are set
 * from JavaScript, on every platform and Node version, with no restart of the process). Why
 * each, and what it measured, is in bench/README.md ("Memory").
 */
export const SERVER_HEAP_LIMITS = {
  /** Young generation: two 8 MB semi-spaces and their overhead, as `--max-semi-space-size=8`. */
  maxYoungGenerationSizeMb: 24,
  /** Old generation: a limit V8 sizes its heap by, far above what the server keeps alive. */
  maxOldGenerationSizeMb: 1024,
} as const;

/** Process-wide V8 flags set before the server thread starts (v8.setFlagsFromString). */
export const SERVER_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;
