export const THREAD_SCRIPTS: Record<'server-thread' | 'writer-thread', string>;
export function bundleServer(entry: string, outfile: string, threads?: Record<string, string>): Promise<unknown>;
