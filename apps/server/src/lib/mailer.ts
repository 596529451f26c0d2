import type { ServiceHealth } from '@reformer/domain/health';
import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  isConfigured: boolean;
  send(mail: Mail): Promise<void>;
  health(): Promise<ServiceHealth>;
};

const HEALTH_TTL_MS = 60_000;

/** SMTP through nodemailer when SMTP_URL is set; otherwise the app offers links to share by hand. */
export function createMailer(env: Env): Mailer {
  if (!env.SMTP_URL) {
    return {
      isConfigured: false,
      send: async () => {
        throw new Error('SMTP is not configured');
      },
      health: async () => 'not_configured',
    };
  }
  const transport = nodemailer.createTransport(env.SMTP_URL);
  let lastCheck: { at: number; result: ServiceHealth } | null = null;
  return {
    isConfigured: true,
    send: async (mail) => {
      await transport.sendMail({ from: env.MAIL_FROM, ...mail });
    },
    health: async () => {
      if (lastCheck && Date.now() - lastCheck.at < HEALTH_TTL_MS) return lastCheck.result;
      const result: ServiceHealth = await transport.verify().then(
        () => 'healthy',
        () => 'unhealthy',
      );
      lastCheck = { at: Date.now(), result };
      return result;
    },
  };
}
