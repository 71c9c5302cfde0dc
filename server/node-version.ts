/** The oldest Node.js the server runs on (package.json "engines"). */
export const MINIMUM_NODE = [22, 12] as const;

/** One sentence for a Node.js older than MINIMUM_NODE; null when this one will do. */
export function nodeVersionProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Quiz Ladder needs Node.js ${needMajor}.${needMinor} or newer, and this is Node.js ${version.replace(/^v?/, 'v')}: install a current Node.js LTS (https://nodejs.org) and try again.`;
}
