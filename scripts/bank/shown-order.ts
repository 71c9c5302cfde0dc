/** The order a question's answers are shown in to a blind reader: the same for the same key, so a reading can be compared later. */
export function orderFor(key: string): number[] {
  let seed = [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const order = [0, 1, 2, 3];
  for (let i = 3; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}
