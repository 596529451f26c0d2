import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import type { Operation } from 'openapi-backend';
import type { Cloud, SendInput, Template, TemplateInput } from './cloud.ts';
import { GRAPH_ERRORS, type GraphError, GraphErrorThrown, graphErrorBody } from './graph-errors.ts';
import type { Spec } from './spec.ts';
import type { Webhooks } from './webhooks.ts';

/** Misbehaviour of the API itself, on demand: the next N calls fail with this status, or answer later. */
export type ApiFaults = {
  /** `messagesOnly`: only sends fail (a sender's reads of the number and templates go through). */
  failures: { remaining: number; status: number; messagesOnly?: boolean };
  /**
   * `afterAnswer`: the call is carried out at once and only its answer is late (Meta took it; the caller waits).
   * `messagesOnly`: only sends are delayed; `skip`: that many of the calls it applies to go first untouched.
   */
  delays: { remaining: number; ms: number; afterAnswer?: boolean; messagesOnly?: boolean; skip?: number };
};

/** What the spec check found wrong in the emulator's own answers: the tests fail when this is not empty. */
export type SpecViolation = {
  operation: string;
  status: number;
  errors: { path: string; message: string }[];
};

type Env = { Variables: { operation: Operation; body: unknown } };

function graphError(spec: Spec, error: GraphError, violations: SpecViolation[]): Response {
  const body = graphErrorBody(error, randomBytes(8).toString('base64url'));
  // Every error is a GraphAPIError; operations that declare no error answer (messages) are held to it too.
  const check = spec.checkAnswer(spec.operation('getPhoneNumber'), 400, body);
  if (!check.valid)
    violations.push({ operation: 'GraphAPIError', status: error.status, errors: check.errors });
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'content-type': 'application/json', 'www-authenticate': 'OAuth "Facebook Platform"' },
  });
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new GraphErrorThrown(GRAPH_ERRORS.invalidParameter('The body is not JSON'));
  }
}

/**
 * The Graph API under /{Version}/: every request is checked against the YAML before a handler sees it (400
 * with code 100 and the schema's words) and every answer after it (a breach is recorded in `violations`,
 * logged and turned into a 500). The bearer must be the account's access token (190 otherwise).
 */
export function createApi(deps: {
  spec: Spec;
  cloud: Cloud;
  webhooks: Webhooks;
  faults: ApiFaults;
  violations: SpecViolation[];
}) {
  const { spec, cloud, webhooks, faults, violations } = deps;
  const api = new Hono<Env>();
  const fail = (error: GraphError) => graphError(spec, error, violations);

  api.onError((error) => {
    if (error instanceof GraphErrorThrown) return fail(error.error);
    throw error;
  });

  api.use('*', async (c, next) => {
    const isSend = c.req.method === 'POST' && c.req.path.endsWith('/messages');
    const { delays } = faults;
    const isDelayed = delays.remaining > 0 && (isSend || !delays.messagesOnly);
    let answerLateMs = 0;
    if (isDelayed && (delays.skip ?? 0) > 0) delays.skip = (delays.skip ?? 0) - 1;
    else if (isDelayed) {
      delays.remaining -= 1;
      if (delays.afterAnswer) answerLateMs = delays.ms;
      else await sleep(delays.ms);
    }
    if (faults.failures.remaining > 0 && (isSend || !faults.failures.messagesOnly)) {
      faults.failures.remaining -= 1;
      const { status } = faults.failures;
      return fail(status === 429 ? GRAPH_ERRORS.rateLimited() : GRAPH_ERRORS.unavailable(status));
    }
    const operation = spec.match(c.req.method, c.req.path);
    if (!operation) return fail(GRAPH_ERRORS.unknownObject(c.req.path));
    const token = /^Bearer\s+(.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token || !cloud.accounts.some((account) => account.accessToken === token))
      return fail(GRAPH_ERRORS.invalidToken());
    const body = c.req.method === 'POST' ? await readJson(c.req.raw.clone()) : undefined;
    const check = spec.checkRequest(operation, {
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    });
    if (!check.valid)
      return fail(
        GRAPH_ERRORS.invalidParameter(
          check.errors.map((error) => `${error.path} ${error.message}`).join('; '),
        ),
      );
    c.set('operation', operation);
    c.set('body', body);
    await next();
    // Carried out (a send is at Meta, its webhooks on their way); only the answer is late.
    if (answerLateMs > 0) await sleep(answerLateMs);
    if (c.res.status !== 200) return;
    const answer = await c.res.clone().json();
    const result = spec.checkAnswer(operation, 200, answer);
    if (!result.valid) {
      const violation = { operation: String(operation.operationId), status: 200, errors: result.errors };
      violations.push(violation);
      console.error('whatsapp-emulator: an answer breaks the YAML', JSON.stringify(violation));
      c.res = new Response(
        JSON.stringify({ error: { message: JSON.stringify(violation), type: 'Emulator', code: 1 } }),
        {
          status: 500,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
  });

  /** The token must be the account's own: another business's token reads nothing of this one. */
  const owned = <T extends { accessToken: string }>(account: T, authorization: string | undefined): T => {
    if (authorization?.replace(/^Bearer\s+/, '') !== account.accessToken)
      throw new GraphErrorThrown(GRAPH_ERRORS.invalidToken());
    return account;
  };
  const body = <T>(c: { get(key: 'body'): unknown }) => (c.get('body') ?? {}) as T;
  const templateView = (template: Template) => ({
    id: template.id,
    name: template.name,
    language: template.language,
    category: template.category,
    status: template.status,
    components: template.components,
    ...(template.rejected_reason ? { rejected_reason: template.rejected_reason } : {}),
  });

  api.get('/:version/:id/message_templates', (c) => {
    const account = owned(cloud.waba(c.req.param('id')), c.req.header('authorization'));
    return c.json({
      data: cloud.templates(account, c.req.query('name')).map(templateView),
      paging: { cursors: {} },
    });
  });
  api.post('/:version/:id/message_templates', (c) => {
    const account = owned(cloud.waba(c.req.param('id')), c.req.header('authorization'));
    const template = cloud.createTemplate(account, body<TemplateInput>(c));
    return c.json({ id: template.id, status: template.status, category: template.category });
  });

  api.get('/:version/:id/subscribed_apps', (c) => {
    const account = owned(cloud.waba(c.req.param('id')), c.req.header('authorization'));
    const url = webhooks.callbackOf(account);
    return c.json({
      data: url
        ? [{ whatsapp_business_api_data: { id: 'reformer', name: 'Reformer' }, override_callback_uri: url }]
        : [],
    });
  });
  api.post('/:version/:id/subscribed_apps', async (c) => {
    const account = owned(cloud.waba(c.req.param('id')), c.req.header('authorization'));
    const { override_callback_uri: url, verify_token: verifyToken } = body<{
      override_callback_uri?: string;
      verify_token?: string;
    }>(c);
    if (url && !(await webhooks.register(account, url, verifyToken ?? '')))
      throw new GraphErrorThrown(GRAPH_ERRORS.callbackVerificationFailed());
    return c.json({ success: true });
  });

  api.post('/:version/:id/messages', (c) => {
    const account = owned(cloud.account(c.req.param('id')), c.req.header('authorization'));
    const input = body<SendInput>(c);
    const message = cloud.send(account, input);
    webhooks.statusesOf(message);
    return c.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: input.to, wa_id: message.waId }],
      messages: [{ id: message.id, message_status: 'accepted' }],
    });
  });

  api.get('/:version/:id', (c) => {
    const account = owned(cloud.account(c.req.param('id')), c.req.header('authorization'));
    return c.json({
      id: account.phoneNumberId,
      display_phone_number: account.displayPhoneNumber,
      verified_name: account.verifiedName,
      quality_rating: 'GREEN',
      code_verification_status: 'VERIFIED',
      name_status: 'APPROVED',
      // Not in the YAML's PhoneNumberInfo, which does not forbid it; Meta answers it when asked in `fields`.
      messaging_limit_tier: tierName(account.tier),
    });
  });

  return api;
}

/** Meta's names of the messaging tiers. */
export function tierName(tier: number): string {
  if (tier <= 250) return 'TIER_250';
  if (tier <= 1000) return 'TIER_1K';
  if (tier <= 10000) return 'TIER_10K';
  if (tier <= 100000) return 'TIER_100K';
  return 'TIER_UNLIMITED';
}
