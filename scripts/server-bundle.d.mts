export const THREAD_SCRIPTS: Record<'server-thread' | 'writer-thread' | 'checkpointer-thread', string>;
export function bundleServer(
  entry: string,
  outfile: string,
  threads?: (keyof typeof THREAD_SCRIPTS)[],
): Promise<unknown>;
