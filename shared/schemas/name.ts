import { z } from 'zod';
import { cleanText, type NameProblem, nameProblem } from '../text';

/** The i18n keys (namespace `errors`) of a name's problems. */
export const nameMessages: Record<Exclude<NameProblem, 'empty'>, string> = {
  invisibleCharacters: 'errors:name.invisibleCharacters',
  noLetterOrDigit: 'errors:name.noLetterOrDigit',
};

/**
 * A name people will see (a profile's, an account's): NFC, trimmed, at most `max` characters,
 * with a visible letter or digit and no control or invisible formatting characters. `required`
 * is the message for an empty one.
 */
export function visibleName(options: { max: number; required: string; tooLong: string }) {
  return z
    .string(options.required)
    .transform(cleanText)
    .superRefine((name, context) => {
      const problem = nameProblem(name);
      if (problem === 'empty') context.addIssue({ code: 'custom', message: options.required });
      else if (problem) context.addIssue({ code: 'custom', message: nameMessages[problem] });
      else if (name.length > options.max) context.addIssue({ code: 'custom', message: options.tooLong });
    });
}
