import errors from '#shared/locales/en/errors.json';
import auth from './en/auth.json';
import common from './en/common.json';
import profiles from './en/profiles.json';

/** The namespaces every page uses, in English: a chunk of their own (lib/i18n.ts, firstStrings). */
export default { common, auth, profiles, errors };
