import { z } from 'zod';

/**
 * What Reformer reads of a Cloud API webhook (Meta's `WebhookPayload`, vendor YAML): the statuses of messages
 * sent, and inbound text messages. Other fields and change types are allowed and ignored.
 */
const StatusError = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
});

export const WhatsAppWebhookStatus = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  /** Unix seconds, as a string. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(30).optional(),
  errors: z.array(StatusError).optional(),
});

export const WhatsAppWebhookMessage = z.object({
  from: z.string().regex(/^\d{5,20}$/),
  id: z.string().min(1).max(200),
  type: z.string(),
  text: z.object({ body: z.string().max(4096) }).optional(),
});

export const WhatsAppWebhookBody = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        id: z.string(),
        changes: z.array(
          z.object({
            field: z.string(),
            value: z.object({
              metadata: z.object({ phone_number_id: z.string() }).optional(),
              statuses: z.array(WhatsAppWebhookStatus).max(1000).optional(),
              messages: z.array(WhatsAppWebhookMessage).max(1000).optional(),
            }),
          }),
        ),
      }),
    )
    .max(100),
});
export type WhatsAppWebhookBody = z.infer<typeof WhatsAppWebhookBody>;

/** What the POST answers: statuses new to us (a repeat counts none), customers opted out, changes ignored. */
export const WhatsAppWebhookOutcome = z.object({
  statuses: z.number().int(),
  optOuts: z.number().int(),
  ignored: z.number().int(),
});
export type WhatsAppWebhookOutcome = z.infer<typeof WhatsAppWebhookOutcome>;
