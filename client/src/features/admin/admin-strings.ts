import enErrors from '#shared/locales/en/admin-errors.json';
import viErrors from '#shared/locales/vi/admin-errors.json';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The admin area's strings, in its own chunk: players never download them (lib/i18n.ts has the
 * rest), nor the admin area's error messages, which join the `errors` namespace from here.
 */
export const adminResources = { en: { admin: en }, vi: { admin: vi } } as const;
export const adminErrors = { en: enErrors, vi: viErrors } as const;
