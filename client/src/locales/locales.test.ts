import { describe, expect, it } from 'vitest';
import enAdminErrors from '#shared/locales/en/admin-errors.json';
import enShowErrors from '#shared/locales/en/show-errors.json';
import enSpeech from '#shared/locales/en/speech.json';
import { errorStrings } from '#shared/locales/errors.ts';
import viSpeech from '#shared/locales/vi/speech.json';
import { adminErrors, adminResources } from '../features/admin/admin-strings';
import enFamily from '../features/family/locales/en.json';
import viFamily from '../features/family/locales/vi.json';
import enParentLock from '../features/parent-lock/locales/en.json';
import viParentLock from '../features/parent-lock/locales/vi.json';
import enShow from '../features/show/locales/en.json';
import viShow from '../features/show/locales/vi.json';
import enFirst from './en';
import enGame from './en/game.json';
import viFirst from './vi';
import viGame from './vi/game.json';

// Namespaces loaded with their chunks are checked here too: what the game says, the parent lock, the
// family show, the family page.
const resources = {
  en: {
    ...enFirst,
    ...adminResources.en,
    // Every page's error groups, and those that come with the admin area and the family show.
    errors: errorStrings.en,
    game: enGame,
    speech: enSpeech,
    parentLock: enParentLock,
    show: enShow,
    family: enFamily,
  },
  vi: {
    ...viFirst,
    ...adminResources.vi,
    errors: errorStrings.vi,
    game: viGame,
    speech: viSpeech,
    parentLock: viParentLock,
    show: viShow,
    family: viFamily,
  },
};

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

describe('locale files', () => {
  it('have the same namespaces in both languages', () => {
    expect(Object.keys(resources.vi).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has the same keys in en and vi', (ns) => {
    const en = [...flatten(resources.en[ns] as Tree).keys()].sort();
    const vi = [...flatten(resources.vi[ns] as Tree).keys()].sort();
    expect(
      vi.filter((k) => !en.includes(k)),
      'keys only in vi',
    ).toEqual([]);
    expect(
      en.filter((k) => !vi.includes(k)),
      'keys only in en',
    ).toEqual([]);
  });

  it.each(namespaces)('%s has no empty text, NFC everywhere, and the same {{placeholders}}', (ns) => {
    const en = flatten(resources.en[ns] as Tree);
    const vi = flatten(resources.vi[ns] as Tree);
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of en) {
      const translated = vi.get(key) as string;
      expect(text.trim(), `en ${ns}:${key}`).not.toBe('');
      expect(translated.trim(), `vi ${ns}:${key}`).not.toBe('');
      expect(translated, `vi ${ns}:${key} is NFC`).toBe(translated.normalize('NFC'));
      expect(placeholders(translated), `placeholders of ${ns}:${key}`).toEqual(placeholders(text));
    }
  });

  it('keeps each error group in one file: the first page’s, the admin area’s or the show’s', () => {
    const groups = [enFirst.errors, adminErrors.en, enShowErrors].map((file) => Object.keys(file));
    const all = groups.flat();
    expect(new Set(all).size, 'a group in two files').toBe(all.length);
    expect(all.sort()).toEqual(Object.keys(errorStrings.en).sort());
    expect(Object.keys(adminErrors.en)).toEqual(Object.keys(enAdminErrors));
  });

  it('quotes the spec’s messages word for word in English', () => {
    const errors = flatten(resources.en.errors as Tree);
    expect(errors.get('profile.required')).toBe('Name and Age are required.');
    expect(errors.get('profile.invalidAge')).toBe('Please enter a valid age.');
    expect(errors.get('profile.createFailed')).toBe('Failed to create profile. Please try again.');
    expect(errors.get('game.loadFailed')).toBe('Could not load questions. Please try again.');
  });

  it('writes Vietnamese with its diacritics', () => {
    const vi = [...namespaces].flatMap((ns) => [...flatten(resources.vi[ns] as Tree).values()]).join(' ');
    expect(vi).toMatch(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/);
    expect(resources.vi.game.preGame.start).toBe('Bắt đầu lượt chơi mới');
  });
});
