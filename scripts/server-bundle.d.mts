import type { Plugin } from 'esbuild';

export function bundleServer(
  entries: Record<string, string>,
  outdir: string,
  extension?: string,
  plugins?: Plugin[],
): Promise<unknown>;
