import enAdmin from './en/admin-errors.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enShow from './en/show-errors.json' with { type: 'json' };
import viAdmin from './vi/admin-errors.json' with { type: 'json' };
import viErrors from './vi/errors.json' with { type: 'json' };
import viShow from './vi/show-errors.json' with { type: 'json' };

/**
 * Every string of the `errors` namespace, by language: errors.json holds what any page may show;
 * the admin area's and the family show's groups have files of their own, which the client loads
 * with those pages (features/admin/admin-strings.ts, features/show/show-strings.ts), so that the
 * first page's code carries neither. The keys stay `errors:<group>.<key>` wherever they live.
 */
export const errorStrings = {
  en: { ...enErrors, ...enAdmin, ...enShow },
  vi: { ...viErrors, ...viAdmin, ...viShow },
} as const;
