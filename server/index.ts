import { SERVER_V8_FLAGS } from './v8-flags';

/*
 * The built server replaces itself once (same process, same PID) with a Node started with
 * SERVER_V8_FLAGS, which V8 reads only at start-up. Where `process.execve` does not exist
 * (Windows, Node before 22.15) it runs without them.
 */
const [command, ...args] = process.argv.slice(2);
const serving = command === undefined || command === 'serve';
// Only the bundle restarts itself: under tsx (npm run dev) the loader's own flags and watcher stay in charge.
const bundled = import.meta.filename.endsWith('.js');
const missingFlags = !SERVER_V8_FLAGS.every((flag) => process.execArgv.includes(flag));

if (serving && bundled && missingFlags && typeof process.execve === 'function') {
  process.execve(process.execPath, [
    process.execPath,
    ...SERVER_V8_FLAGS,
    ...process.execArgv,
    ...process.argv.slice(1),
  ]);
}
// Imported only now, so that a process about to replace itself never loads the server.
const { run } = await import('./main');
await run(command, args);
