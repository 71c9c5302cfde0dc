/**
 * The entry point of dist/server.js. Nothing is imported before the Node version is checked:
 * better-sqlite3 crashes an older Node with a bare segmentation fault.
 */
import { nodeVersionProblem } from '../scripts/check-node.mjs';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { run } = await import('./main');
await run(process.argv.slice(2));
