import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './check-node.mjs';

describe('the Node.js version check', () => {
  it.each(['v22.12.0', '22.12.0', 'v22.15.1', 'v24.21.0', 'v25.0.0'])('accepts %s', (version) => {
    expect(nodeVersionProblem(version)).toBeNull();
  });

  it.each(['v20.20.2', 'v22.11.0', 'v18.0.0', 'v21.7.3'])(
    'refuses %s in one sentence naming both versions',
    (version) => {
      const problem = nodeVersionProblem(version);
      expect(problem).toBe(
        `Quiz Ladder needs Node.js 22.12 or newer, and this is Node.js ${version}: install a current Node.js LTS (https://nodejs.org) and try again.`,
      );
    },
  );
});
