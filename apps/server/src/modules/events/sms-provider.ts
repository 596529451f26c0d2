import { AppError } from '@reformer/domain/errors';

/** Where an SMS provider (Twilio, Zenvia, …) plugs in; none is configured in this version. */
export type SmsProvider = {
  isConfigured: boolean;
  send(message: { to: string; text: string }): Promise<void>;
};

/** The provider used until one is configured: it reports "not configured", and never pretends to send. */
export const smsNotConfigured: SmsProvider = {
  isConfigured: false,
  send: async () => {
    throw new AppError('EVENT_CHANNEL_NOT_CONFIGURED', undefined, { channel: 'SMS' });
  },
};
