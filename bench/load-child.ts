/**
 * One load run in a process of its own, forked by `runLoad` (load.ts): its heap starts empty, so
 * the load generator's own garbage collections stay short and out of the latencies it measures.
 * (In the bench's main process, which fills the database and runs the in-process cases, they took
 * 10-20 ms during the open loop, measured.) Receives one LoadJob, answers its LoadResult, exits.
 */
import { closedLoop, closedSequences, type LoadJob, type LoadResult, openLoop } from './load';

process.on('disconnect', () => process.exit(0));
process.once('message', async (job: LoadJob) => {
  const { origin, requests, connections, seconds } = job;
  if (job.warmupSeconds > 0) await closedLoop(origin, requests, { connections, seconds: job.warmupSeconds });
  const result: LoadResult = job.sequences
    ? await closedSequences(origin, job.sequences, { seconds })
    : job.open
      ? await openLoop(origin, requests, { connections, seconds, ...job.open })
      : await closedLoop(origin, requests, { connections, seconds });
  process.send?.(result, () => process.exit(0));
});
