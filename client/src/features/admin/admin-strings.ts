import en from './locales/en.json';
import vi from './locales/vi.json';

/** The admin area's strings, in its own chunk: players never download them (lib/i18n.ts has the rest). */
export const adminResources = { en: { admin: en }, vi: { admin: vi } } as const;
