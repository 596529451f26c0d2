import { z } from 'zod';
import { V } from './validation.ts';

/** First and last name are required wherever a person is named (spec §5, profile). */
export const PersonNames = z.object({
  firstName: z.string().trim().min(1, V.firstNameRequired).max(100, V.max),
  lastName: z.string().trim().min(1, V.lastNameRequired).max(100, V.max),
});

export const UpdateProfileInput = PersonNames;
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const UserProfile = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/**
 * At least 10 characters (issue #16); the server also refuses common and guessable passwords with a
 * dictionary (apps/server/src/auth/password-strength.ts), too large to ship to the browser.
 */
export const PASSWORD_LENGTH = { min: 10, max: 128 } as const;
export const NewPassword = z.string().min(PASSWORD_LENGTH.min, V.min).max(PASSWORD_LENGTH.max, V.max);

export const SignUpInput = PersonNames.extend({
  email: z.email(V.email),
  password: NewPassword,
  confirmPassword: z.string(),
}).refine((input) => input.password === input.confirmPassword, {
  message: V.passwordsMismatch,
  path: ['confirmPassword'],
});
export type SignUpInput = z.infer<typeof SignUpInput>;

export const ForgotPasswordInput = z.object({ email: z.email(V.email) });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({ newPassword: NewPassword, confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: V.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const SignInInput = z.object({
  email: z.email(V.email),
  password: z.string().min(1, V.required),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** 'First Last', or 'Unknown' when neither is known (spec §3). */
export function displayName(person: { firstName?: string | null; lastName?: string | null }): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || 'Unknown';
}
