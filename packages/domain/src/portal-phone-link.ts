import { z } from 'zod';
import { WhatsAppPhone } from './whatsapp.ts';

/**
 * "Send me a new link" by phone (decision 053): the number as a Brazilian writes it, compared in E.164 with
 * the phones on file; the link goes by WhatsApp from the studios whose number is connected to WhatsApp's API.
 * Its own module, away from portal.ts: the phone library stays off the portal's first screen (decision 051).
 */
export const PortalPhoneLinkRequestInput = z.object({ phone: WhatsAppPhone });
export type PortalPhoneLinkRequestInput = z.input<typeof PortalPhoneLinkRequestInput>;
