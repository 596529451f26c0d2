import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import ptBR from '@reformer/domain/i18n/pt_BR.json' with { type: 'json' };
import type { Mailer } from '../lib/mailer.ts';

/** Where a reset link goes: the web's own page, which posts the token with the new password. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export type SendPasswordResetLink = (user: { email: string; name: string }, link: string) => Promise<void>;

/**
 * By e-mail when SMTP is configured, in both languages (we do not know the reader's). Without SMTP nothing
 * is sent and the forgot-password page says so: an operator issues the link with
 * `npm run reset-password-link` (apps/server/src/cli/reset-password-link.ts).
 */
export function emailPasswordResetLink(mailer: Mailer): SendPasswordResetLink | undefined {
  if (!mailer.isConfigured) return undefined;
  return async (user, link) => {
    const parts = [enUS, ptBR].map((catalog) => ({
      subject: translate(catalog, 'email.passwordReset.subject'),
      body: translate(catalog, 'email.passwordReset.body', { name: user.name, link }),
    }));
    await mailer.send({
      to: user.email,
      subject: parts.map((part) => part.subject).join(' / '),
      text: parts.map((part) => part.body).join('\n\n---\n\n'),
    });
  };
}
