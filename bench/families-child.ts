/**
 * Families playing at a person's pace, in a process of its own (forked by abuse.ts, like
 * load-child.ts, so the bench's own collections stay out of the latencies): each family starts a
 * game, then answers one question every `paceMs`, starting another when a game ends. Receives one
 * FamiliesJob, answers its FamiliesResult (every call's latency in ms, each family's first call's
 * apart, and the calls that failed).
 */
export type Family = { cookie: string; profileId: string };
export type FamiliesJob = { origin: string; families: Family[]; seconds: number; paceMs: number };
export type FamiliesResult = {
  latenciesMs: number[];
  firstCallsMs: number[];
  failed: number;
  statuses: Record<string, number>;
};

async function play(job: FamiliesJob, family: Family, until: number, result: FamiliesResult) {
  const headers = { 'content-type': 'application/json', origin: job.origin, cookie: family.cookie };
  let game: { gameId: string; position: number } | null = null;
  let first = true;
  // Families do not move in step: each starts somewhere in the first pace.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * job.paceMs));
  while (Date.now() < until) {
    const next = Date.now() + job.paceMs;
    const call = game
      ? {
          path: '/trpc/game.answer',
          body: { gameId: game.gameId, position: game.position, answerIndex: Math.floor(Math.random() * 4) },
        }
      : { path: '/trpc/game.start', body: { profileId: family.profileId, categoryId: 'random', lang: 'en' } };
    const started = performance.now();
    try {
      const response = await fetch(`${job.origin}${call.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(call.body),
      });
      const answer = (await response.json()) as { result?: { data: Record<string, unknown> } };
      const took = performance.now() - started;
      result.latenciesMs.push(took);
      if (first) result.firstCallsMs.push(took);
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      if (response.status !== 200) {
        result.failed++;
        game = null;
      } else if (!game) {
        const data = answer.result?.data as { gameId: string } | null;
        game = data ? { gameId: data.gameId, position: 0 } : null;
      } else {
        const playing = (answer.result?.data as { status?: string } | undefined)?.status === 'playing';
        game = playing ? { gameId: game.gameId, position: game.position + 1 } : null;
      }
    } catch {
      result.failed++;
      game = null;
    }
    first = false;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
}

process.on('disconnect', () => process.exit(0));
process.once('message', async (job: FamiliesJob) => {
  const result: FamiliesResult = { latenciesMs: [], firstCallsMs: [], failed: 0, statuses: {} };
  const until = Date.now() + job.seconds * 1000;
  await Promise.all(job.families.map((family) => play(job, family, until, result)));
  process.send?.(result, () => process.exit(0));
});
