import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import { PASSWORD_LENGTH } from '@reformer/domain/users';
import { V } from '@reformer/domain/validation';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as portuguese from '@zxcvbn-ts/language-pt-br';
import { APIError } from 'better-auth';

/**
 * zxcvbn estimates how many guesses a password takes, knowing the common passwords, keyboard walks,
 * dates and the English and Portuguese words and names people build passwords from. Score 3 is "safely
 * unguessable: moderate protection from an offline attack" (about 10^8 guesses).
 */
const MIN_SCORE = 3;
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...portuguese.dictionary },
  graphs: common.adjacencyGraphs,
});

/** The problem with a new password, as a `validation.*` issue, or null when it is acceptable. */
export function passwordProblem(password: string, userInputs: string[]) {
  if (password.length < PASSWORD_LENGTH.min) return { key: V.min, min: PASSWORD_LENGTH.min };
  if (password.length > PASSWORD_LENGTH.max) return { key: V.max, max: PASSWORD_LENGTH.max };
  const inputs = userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return zxcvbn.check(password, inputs).score < MIN_SCORE ? { key: V.passwordTooWeak } : null;
}

/** The better-auth routes that set a password, and the body field that carries it. */
const PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/** Refuses a weak new password with our error shape, the message on the password field. */
export function assertStrongPassword(path: string, body: Record<string, unknown>): void {
  const field = PASSWORD_FIELD[path];
  const password = field ? body[field] : undefined;
  if (!field || typeof password !== 'string') return;
  const userInputs = ['email', 'firstName', 'lastName', 'name'].map((key) => String(body[key] ?? ''));
  const problem = passwordProblem(password, userInputs);
  if (!problem) return;
  const { key, ...params } = problem;
  throw new APIError('BAD_REQUEST', {
    code: 'VALIDATION_FAILED',
    message: 'Please check your input and try again.',
    details: [
      {
        path: field,
        key,
        message: translate(enUS, key, params),
        ...(key === V.passwordTooWeak ? {} : { params }),
      },
    ],
  });
}
