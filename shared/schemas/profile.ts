import { z } from 'zod';
import { AVATARS, DEFAULT_AVATAR } from '../avatars';
import { cleanText } from '../text';
import { visibleName } from './name';

export const PROFILE_NAME_MAX = 40;
export const PROFILE_AGE_MIN = 1;
export const PROFILE_AGE_MAX = 120;

/** Messages are i18n keys (namespace `errors`), so the client shows the spec's text in either language. */
export const profileMessages = {
  required: 'errors:profile.required', // 'Name and Age are required.'
  invalidAge: 'errors:profile.invalidAge', // 'Please enter a valid age.'
  ageTooHigh: 'errors:profile.ageTooHigh',
  nameTooLong: 'errors:profile.nameTooLong',
  invalidAvatar: 'errors:profile.invalidAvatar',
} as const;

const name = visibleName({
  max: PROFILE_NAME_MAX,
  required: profileMessages.required,
  tooLong: profileMessages.nameTooLong,
});

/** A JSON number: a missing age is 'required', a string or anything else 'not a valid age' (never read as a number). */
const age = z
  .number({
    error: (issue) => (issue.input === undefined ? profileMessages.required : profileMessages.invalidAge),
  })
  .int(profileMessages.invalidAge)
  .min(PROFILE_AGE_MIN, profileMessages.invalidAge)
  .max(PROFILE_AGE_MAX, profileMessages.ageTooHigh);

const avatar = z.enum(AVATARS, profileMessages.invalidAvatar);

export const profileIdInput = z.object({ profileId: z.uuid() });

export const createProfileInput = z.object({ name, age, avatar: avatar.default(DEFAULT_AVATAR) });

export const updateProfileInput = z.object({
  profileId: z.uuid(),
  name: name.optional(),
  age: age.optional(),
  avatar: avatar.optional(),
});

export const setTtsInput = z.object({ profileId: z.uuid(), ttsEnabled: z.boolean() });

export type ProfileField = 'name' | 'age' | 'avatar';

/**
 * The create-profile form as typed: age arrives as the input's text. Empty fields give the
 * spec's 'Name and Age are required.' before anything else is checked (spec §5). A failure names
 * its message and the fields it is about (the form marks them invalid).
 */
export function parseProfileForm(form: { name: string; age: string; avatar: string }) {
  const missing = [
    ...(cleanText(form.name) === '' ? ['name' as const] : []),
    ...(form.age.trim() === '' ? ['age' as const] : []),
  ];
  if (missing.length > 0) {
    return { success: false as const, message: profileMessages.required, fields: missing };
  }
  const ageNumber = Number(form.age);
  const result = createProfileInput.safeParse({
    name: form.name,
    age: Number.isFinite(ageNumber) ? ageNumber : -1,
    avatar: form.avatar,
  });
  if (result.success) return { success: true as const, data: result.data };
  const message = result.error.issues[0]?.message ?? profileMessages.invalidAge;
  const fields = result.error.issues
    .filter((issue) => issue.message === message)
    .map((issue) => issue.path[0] as ProfileField);
  return { success: false as const, message, fields };
}
