/**
 * dist/server.js: `node dist/server.js [serve | backup <folder> | restore <folder> [--replace] | admin grant|revoke <email> | pin remove <email>]`.
 * `serve` (the default) is runtime/serve.ts, which builds the app (app.ts: every route) and listens.
 * Nothing is imported before the Node version is checked: better-sqlite3 crashes an older Node
 * with a bare segmentation fault.
 */
import { nodeVersionProblem } from '../scripts/check-node.mjs';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}

const [command = 'serve', ...args] = process.argv.slice(2);
try {
  if (command === 'serve') {
    await (await import('./runtime/serve')).serve();
  } else {
    const { runCommand, USAGE } = await import('./runtime/commands');
    if (!(await runCommand(command, args))) {
      console.error(`Unknown command "${command}". ${USAGE}`);
      process.exit(2);
    }
  }
} catch (error) {
  // A problem a self-hoster can fix (configuration, the database path, the port) is one sentence, no stack.
  const { ConfigError } = await import('./env');
  const { StartupError } = await import('./runtime/startup-error');
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error(`Quiz Ladder could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
