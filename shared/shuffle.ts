/** A uniformly random permutation of 0..n-1 (Fisher–Yates). `random` returns [0, 1). */
export function randomPermutation(n: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/** `items` in the given order: shown[k] = items[order[k]]. */
export function applyOrder<T>(items: readonly T[], order: readonly number[]): T[] {
  return order.map((i) => {
    const item = items[i];
    if (item === undefined) throw new RangeError(`Order index ${i} is out of range`);
    return item;
  });
}

/** Where the item at `originalIndex` is shown after reordering. */
export function shownIndexOf(order: readonly number[], originalIndex: number): number {
  return order.indexOf(originalIndex);
}
