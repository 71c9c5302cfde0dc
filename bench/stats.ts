/** Latency figures in milliseconds. */
export type Latency = { p50: number; p99: number; max: number; mean: number; count: number };

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summarise(samplesMs: ArrayLike<number>): Latency {
  const sorted = Float64Array.from(samplesMs).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    count: sorted.length,
  };
}

/** Runs `fn` `warmup` times untimed, then `iterations` times timed one by one. */
export function timeCalls(iterations: number, warmup: number, fn: (i: number) => unknown): Latency {
  for (let i = 0; i < warmup; i++) fn(i);
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    fn(warmup + i);
    samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return summarise(samples);
}

export const ms = (value: number, digits = 3) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A plain text table: the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) return '';
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
