import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATARS, DEFAULT_AVATAR } from '#shared/avatars.ts';
import en from '../locales/en';
import vi from '../locales/vi';

const resources = { en, vi };
const folder = join(import.meta.dirname, '..', '..', 'public', 'avatars');
const svgOf = (avatar: string) => readFileSync(join(folder, avatar), 'utf8');
const rootTagOf = (svg: string) => svg.match(/^\s*<svg\b[^>]*>/)?.[0] ?? '';

// The form offers every entry of AVATARS: each must be a drawn file that is there, names itself and
// is named in both languages, or a child picks a broken picture the screen reader calls "avatar4.svg".
describe('avatar files', () => {
  it('keeps the first as the default', () => {
    expect(DEFAULT_AVATAR).toBe('avatar1.svg');
  });

  it.each(AVATARS)('%s is an SVG in client/public/avatars', (avatar) => {
    expect(existsSync(join(folder, avatar)), `${avatar} exists`).toBe(true);
    const root = rootTagOf(svgOf(avatar));
    expect(root, 'starts with an <svg> element').not.toBe('');
    expect(root).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(root).toMatch(/\sviewBox="0 0 \d+ \d+"/);
    expect(root).toContain('role="img"');
    expect(root).toMatch(/\saria-label="[A-Z][a-z ]+"/);
  });

  it.each(AVATARS)('%s is drawn: no text, no emoji, nothing fetched or run', (avatar) => {
    const svg = svgOf(avatar);
    expect(svg).not.toMatch(/<(text|tspan|foreignObject|image|script|style)\b/i);
    expect(svg).not.toMatch(/href=|url\((?!#)/);
    // Only ASCII: no emoji or other characters a font would have to draw.
    expect(svg).toMatch(/^[\x20-\x7e\n]*$/);
    // Small enough to draw the whole grid at once on a slow phone.
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(1280);
  });

  it('offers every file in the folder', () => {
    expect(readdirSync(folder).sort()).toEqual([...AVATARS].sort());
  });

  it.each(['en', 'vi'] as const)('every avatar has its own name in %s', (language) => {
    const names = resources[language].profiles.avatars as Record<string, string>;
    expect(Object.keys(names).sort()).toEqual([...AVATARS].sort());
    for (const avatar of AVATARS) expect(names[avatar]?.trim(), `${language} ${avatar}`).toBeTruthy();
    expect(new Set(Object.values(names)).size, 'names differ').toBe(AVATARS.length);
  });
});
