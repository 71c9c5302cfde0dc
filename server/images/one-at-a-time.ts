/**
 * A queue that runs the work given to it one job at a time, in order: the next starts once the
 * last has settled, whether it succeeded or failed.
 */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}
