/** How much of a question its delete confirmation quotes: enough to recognise it, on a phone too. */
export const QUOTED_MAX = 80;

/** A question's text cut at a word before QUOTED_MAX characters, with an ellipsis when cut. */
export function quoted(text: string): string {
  const characters = [...text];
  if (characters.length <= QUOTED_MAX) return text;
  const cut = characters.slice(0, QUOTED_MAX).join('');
  const space = cut.lastIndexOf(' ');
  // A text with no space in its second half (a long word, a URL) is cut where it reaches the limit.
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
