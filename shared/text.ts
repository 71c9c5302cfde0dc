/** Trimmed and NFC-normalized: macOS and some Vietnamese keyboards send decomposed (NFD) text. */
export function cleanText(value: string): string {
  return value.normalize('NFC').trim();
}
