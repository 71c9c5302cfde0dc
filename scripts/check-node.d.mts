export const MINIMUM_NODE: [number, number];
export function nodeVersionProblem(version: string): string | null;
