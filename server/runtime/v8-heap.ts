import v8 from 'node:v8';

/**
 * V8's heap, tuned from inside the process (`node dist/server.js` takes no flags; bench/README.md,
 * "Memory", has what each measured): the young generation stays at its smallest (V8 would grow it
 * to 16 MB a semi-space during start-up and under load, and keep it), the old generation grows by a
 * fifth above what is live after each full collection (not by up to four times), and
 * allocation-site pretenuring is off (under load it promoted short-lived request objects straight
 * to the old generation, which cost a full collection every second). Set before the app's code
 * loads: the first thing dist/server.js does.
 */
export function tuneHeap(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=20');
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
