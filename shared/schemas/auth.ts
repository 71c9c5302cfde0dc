import { z } from 'zod';
import { visibleName } from './name';

export const LOCAL_NAME_MAX = 60;
export const EMAIL_MAX = 254;

/** The local sign-in form and POST /auth/local: the same checks on both sides. */
export const localSignInInput = z.object({
  name: visibleName({
    max: LOCAL_NAME_MAX,
    required: 'errors:signIn.nameRequired',
    tooLong: 'errors:signIn.nameTooLong',
  }),
  email: z
    .string('errors:signIn.invalidEmail')
    .trim()
    .pipe(z.email('errors:signIn.invalidEmail').max(EMAIL_MAX, 'errors:signIn.invalidEmail')),
  returnTo: z.string().max(512).optional(),
  /** Forgot PIN (shared/parent-lock.ts): this sign-in opens the parent lock, locally proving nothing. */
  forgotPin: z.boolean().optional(),
});
