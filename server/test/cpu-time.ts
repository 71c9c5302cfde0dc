/**
 * The processor time this process spends on `work`, in ms, all its threads together (libvips',
 * the thread pool's): unlike the wall clock, it hardly moves when other programs load the machine,
 * so "refused before the expensive part" can be checked on a busy machine too.
 */
export async function cpuMsOf<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const spent = process.cpuUsage(before);
  return { result, cpuMs: (spent.user + spent.system) / 1000 };
}
