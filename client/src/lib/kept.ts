/**
 * A choice kept in this browser (localStorage). Storage can be missing or refuse (private
 * browsing, a full quota): then nothing is kept, and the choice lasts the page.
 */
export function readKept(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or forgets it (null). */
export function keep(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing kept: see above.
  }
}
