import { setTimeout as sleep } from 'node:timers/promises';
import type { Mail, Mailer } from '../lib/mailer.ts';

/**
 * A configured mailer that keeps every e-mail it is asked to send, so a test counts real send calls (the
 * outbox writes rows whatever happens). `delayMs` holds each send, as SMTP does, so concurrent runs overlap.
 */
export function recordingMailer(options: { delayMs?: number } = {}) {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    isConfigured: true,
    send: async (mail) => {
      if (options.delayMs) await sleep(options.delayMs);
      sent.push(mail);
    },
    health: async () => 'healthy',
  };
  return { mailer, sent };
}
