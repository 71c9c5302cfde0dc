export function bundleServer(entries: Record<string, string>, outdir: string, extension?: string): Promise<unknown>;
