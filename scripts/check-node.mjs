// The Node.js version check of every entry point (npm start, npm test, npm run dev, npm run bench
// and node dist/server.js, which bundles this file): one sentence and exit 1 on an older Node,
// where better-sqlite3 would crash with a bare segmentation fault. Plain syntax that old Node
// versions still parse.
import { fileURLToPath } from 'node:url';

/** The oldest Node.js Quiz Ladder runs on (package.json "engines"). */
export const MINIMUM_NODE = [22, 12];

/** One sentence for a Node.js older than MINIMUM_NODE; null when this one will do. */
export function nodeVersionProblem(version) {
  const parts = String(version).replace(/^v/, '').split('.').map(Number);
  const major = parts[0] || 0;
  const minor = parts[1] || 0;
  if (major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1])) return null;
  return (
    'Quiz Ladder needs Node.js ' +
    MINIMUM_NODE.join('.') +
    ' or newer, and this is Node.js v' +
    String(version).replace(/^v/, '') +
    ': install a current Node.js LTS (https://nodejs.org) and try again.'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
