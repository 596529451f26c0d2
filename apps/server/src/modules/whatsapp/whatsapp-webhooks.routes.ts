import { createRoute, z } from '@hono/zod-openapi';
import { WhatsAppWebhookOutcome } from '@reformer/domain/whatsapp-webhooks';
import { createRouter } from '../../lib/http.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { answerHandshake, receiveWebhook } from './whatsapp-webhooks.ts';

/**
 * Meta's webhooks for one studio (decision 049, in the spirit of decision 030): public, the organization's id
 * finds its connection and the secret in the path must be its own. The handshake's verify token is that same
 * secret; each delivery must carry `X-Hub-Signature-256` of its raw body under the app secret. Anything else
 * is refused and changes nothing.
 */
const tags = ['WhatsApp'];
const path = '/whatsapp-webhooks/{orgId}/{secret}';
const Params = z.object({ orgId: z.string().max(100), secret: z.string().max(200) });

const handshake = createRoute({
  method: 'get',
  path,
  tags,
  summary: "Meta's verification handshake: answers `hub.challenge` when `hub.verify_token` is ours",
  request: {
    params: Params,
    query: z.object({
      'hub.mode': z.string().max(50).optional(),
      'hub.verify_token': z.string().max(200).optional(),
      'hub.challenge': z.string().max(200).optional(),
    }),
  },
  responses: {
    200: { description: 'The challenge, as text', content: { 'text/plain': { schema: z.string() } } },
    403: errorResponse('FORBIDDEN: not a subscribe with our verify token'),
    404: errorResponse('NOT_FOUND: no such organization or secret'),
  },
});

const delivery = createRoute({
  method: 'post',
  path,
  tags,
  summary:
    "A webhook delivery (Meta's WebhookPayload): statuses of our messages (each once, forward only) and inbound replies (SAIR/STOP opts out)",
  request: { params: Params },
  responses: {
    200: jsonResponse(WhatsAppWebhookOutcome, 'Received'),
    400: errorResponse('VALIDATION_FAILED: not a WhatsApp webhook body'),
    403: errorResponse('FORBIDDEN: X-Hub-Signature-256 missing or wrong'),
    404: errorResponse('NOT_FOUND: no such organization or secret'),
  },
});

export const whatsappWebhooksRoutes = createRouter()
  .openapi(handshake, async (c) => {
    const { orgId, secret } = c.req.valid('param');
    const query = c.req.valid('query');
    const challenge = await answerHandshake(c.get('deps'), orgId, secret, {
      mode: query['hub.mode'],
      verifyToken: query['hub.verify_token'],
      challenge: query['hub.challenge'],
    });
    return c.text(challenge, 200);
  })
  .openapi(delivery, async (c) => {
    const { orgId, secret } = c.req.valid('param');
    // The raw body, exactly as signed: parsed only once its signature holds.
    const rawBody = await c.req.text();
    const signature = c.req.header('x-hub-signature-256');
    const { db, secretBox, now } = c.get('deps');
    return c.json(await receiveWebhook({ db, secretBox }, orgId, secret, rawBody, signature, now()), 200);
  });
