import { type LoadResult, type PostRequest, runLoad } from './load';
import { rssOf } from './startup';

export type ExportResult = {
  bytes: number;
  seconds: number;
  /** The server's RSS before the export, and its peak while it ran (sampled every 100 ms). */
  rssBefore: number;
  rssPeak: number;
  /** game.start at a steady rate, started with the export. */
  others: LoadResult;
  /** Whether the export was still running when the load ended (so every start was measured beside it). */
  outlastedLoad: boolean;
};

/**
 * Manage Questions' export of every question (CSV), downloaded as a browser would (read as it
 * arrives), while families start games at `rate` a second: how much memory the export takes on top
 * of the server's, and what it does to everyone else's latency.
 */
export async function measureExport(options: {
  origin: string;
  pid: number;
  adminCookie: string;
  others: PostRequest[];
  rate: number;
  seconds: number;
}): Promise<ExportResult> {
  const { origin, pid } = options;
  const rssBefore = rssOf(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    const now = rssOf(pid).rss;
    if (now > rssPeak) rssPeak = now;
  }, 100);
  const started = performance.now();
  let finished = false;
  const download = (async () => {
    const response = await fetch(`${origin}/api/admin/questions/export?format=csv`, {
      headers: { cookie: options.adminCookie },
    });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.byteLength;
    finished = true;
    return { bytes, seconds: (performance.now() - started) / 1000 };
  })();
  try {
    const others = await runLoad({
      origin,
      requests: options.others,
      connections: 10,
      seconds: options.seconds,
      warmupSeconds: 0,
      open: { rate: options.rate, graceSeconds: 2 },
    });
    const outlastedLoad = !finished;
    const { bytes, seconds } = await download;
    return { bytes, seconds, rssBefore, rssPeak, others, outlastedLoad };
  } finally {
    clearInterval(sampler);
  }
}
