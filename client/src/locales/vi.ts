import errors from '#shared/locales/vi/errors.json';
import auth from './vi/auth.json';
import common from './vi/common.json';
import profiles from './vi/profiles.json';

/** The namespaces every page uses, in Vietnamese: a chunk of their own (lib/i18n.ts, firstStrings). */
export default { common, auth, profiles, errors };
