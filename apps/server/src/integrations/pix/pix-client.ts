import {
  type DueCharge,
  type DueChargeRequest,
  type DueChargeWithPayments,
  PIX_SCOPES,
  type ReceivedPix,
  type ReceivedPixPage,
  type Refund,
  type RefundRequest,
  type Webhook,
} from './api-pix-types.ts';
import { pixAutomaticoOperations } from './pix-automatico-operations.ts';
import {
  createPixTransport,
  DEFAULT_TIMEOUT_MS,
  type PixClientOptions,
  type PixConnection,
} from './pix-connection.ts';
import { PixError } from './pix-error.ts';
import { answerError, type PixAnswer, send } from './pix-http.ts';
import { createTokenSource } from './pix-token.ts';

export type Call = {
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
  /** The spec's path template, for errors: "/cobv/{txid}". */
  template: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A 404 answers null instead of failing (a GET of something that may not exist). */
  missingIsNull?: boolean;
};

const segment = encodeURIComponent;

/** Fields an answer must carry to be read as what the operation promises; anything less is not the spec's. */
function expectObject<T>(answer: PixAnswer, operation: string, fields: readonly string[]): T {
  const body = answer.body;
  if (typeof body !== 'object' || body === null || fields.some((field) => !(field in body))) {
    throw new PixError('PSP_UNEXPECTED_ANSWER', { status: answer.status, operation });
  }
  return body as T;
}

/**
 * The API Pix operations the product uses, for one receiver's connection. Every call carries a bearer token
 * from the OAuth2 token URL over the same mutual TLS; a 401 gets one new token and one retry. Failures are
 * PixErrors (pix-error.ts). `close()` ends the connection's sockets.
 */
export function createPixClient(connection: PixConnection, options: PixClientOptions = {}) {
  const transport = createPixTransport(connection, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const tokens = createTokenSource(connection, transport);
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');

  async function call({
    method,
    template,
    path,
    query,
    body,
    missingIsNull,
  }: Call): Promise<PixAnswer | null> {
    const operation = `${method} ${template}`;
    const allQuery = { ...query, ...connection.extras?.query };
    const url = `${baseUrl}${path}${Object.keys(allQuery).length ? `?${new URLSearchParams(allQuery)}` : ''}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt += 1) {
      const token = await tokens.get();
      const headers: Record<string, string> = {
        ...connection.extras?.headers,
        authorization: `Bearer ${token.accessToken}`,
      };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const answer = await send(transport, { method, url, headers, body: payload, operation });
      if (answer.status === 401 && attempt === 0) {
        tokens.invalidate(token);
        continue;
      }
      if (answer.status === 404 && missingIsNull) return null;
      if (answer.status < 200 || answer.status > 299) throw answerError(answer, operation);
      return answer;
    }
  }

  async function callForObject<T>(request: Call, fields: readonly string[]): Promise<T> {
    const answer = await call(request);
    return expectObject<T>(answer as PixAnswer, `${request.method} ${request.template}`, fields);
  }

  async function find<T>(request: Call, fields: readonly string[]): Promise<T | null> {
    const answer = await call({ ...request, missingIsNull: true });
    return answer && expectObject<T>(answer, `${request.method} ${request.template}`, fields);
  }

  const calls = { call, callForObject, find };
  const charge = (txid: string) => ({ template: '/cobv/{txid}', path: `/cobv/${segment(txid)}` });
  const pix = (e2eid: string) => ({ template: '/pix/{e2eid}', path: `/pix/${segment(e2eid)}` });
  const refund = (e2eid: string, id: string) => ({
    template: '/pix/{e2eid}/devolucao/{id}',
    path: `/pix/${segment(e2eid)}/devolucao/${segment(id)}`,
  });
  const webhook = (key: string) => ({ template: '/webhook/{chave}', path: `/webhook/${segment(key)}` });
  const CHARGE_FIELDS = ['txid', 'status', 'revisao', 'valor', 'calendario'] as const;
  const REFUND_FIELDS = ['id', 'status', 'valor'] as const;

  return {
    /**
     * Gets a token: proves the URL, the certificate, the client id and secret ("Test connection"). When the
     * PSP says which scopes it granted, `missingScopes` lists those the product needs and did not get (e.g.
     * pix.write: refunds would be refused); when it does not say, nothing can be told missing.
     */
    async authenticate(): Promise<{ scopes: string[]; missingScopes: string[]; expiresAt: Date }> {
      const token = await tokens.get();
      const missingScopes = token.scopes.length
        ? PIX_SCOPES.filter((scope) => !token.scopes.includes(scope))
        : [];
      return { scopes: token.scopes, missingScopes, expiresAt: new Date(token.expiresAt) };
    },

    /** PUT /cobv/{txid}: creates the charge with a due date, or replaces it while it is ATIVA. */
    putDueCharge: (txid: string, body: DueChargeRequest) =>
      callForObject<DueCharge>({ method: 'PUT', ...charge(txid), body }, CHARGE_FIELDS),

    /** GET /cobv/{txid}, with the Pix that paid it; null when the PSP has no such charge. */
    getDueCharge: (txid: string) =>
      find<DueChargeWithPayments>({ method: 'GET', ...charge(txid) }, CHARGE_FIELDS),

    /** PATCH /cobv/{txid} with status REMOVIDA_PELO_USUARIO_RECEBEDOR: the customer can no longer pay it. */
    removeDueCharge: (txid: string) =>
      callForObject<DueCharge>(
        { method: 'PATCH', ...charge(txid), body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } },
        CHARGE_FIELDS,
      ),

    /** GET /pix: every Pix received between two instants, page after page. */
    async *listReceivedPix(filter: { start: Date; end: Date; txid?: string; pageSize?: number }) {
      const pageSize = filter.pageSize ?? 100;
      for (let page = 0; ; page += 1) {
        const query: Record<string, string> = {
          inicio: filter.start.toISOString(),
          fim: filter.end.toISOString(),
          'paginacao.paginaAtual': String(page),
          'paginacao.itensPorPagina': String(pageSize),
          ...(filter.txid ? { txid: filter.txid } : {}),
        };
        const result = await callForObject<ReceivedPixPage>(
          { method: 'GET', template: '/pix', path: '/pix', query },
          ['parametros'],
        );
        const items: ReceivedPix[] = result.pix ?? [];
        yield* items;
        const pages = result.parametros?.paginacao?.quantidadeDePaginas ?? 0;
        if (items.length === 0 || page + 1 >= pages) return;
      }
    },

    /** GET /pix/{e2eid}; null when the PSP has no such Pix. */
    getReceivedPix: (endToEndId: string) =>
      find<ReceivedPix>({ method: 'GET', ...pix(endToEndId) }, ['endToEndId', 'valor', 'horario']),

    /** PUT /pix/{e2eid}/devolucao/{id}: asks for a refund; the id is ours, so a retried request is the same refund. */
    requestRefund: (endToEndId: string, refundId: string, body: RefundRequest) =>
      callForObject<Refund>({ method: 'PUT', ...refund(endToEndId, refundId), body }, REFUND_FIELDS),

    /** GET /pix/{e2eid}/devolucao/{id}; null when there is no such refund. */
    getRefund: (endToEndId: string, refundId: string) =>
      find<Refund>({ method: 'GET', ...refund(endToEndId, refundId) }, REFUND_FIELDS),

    /** GET /webhook/{chave}; null when no webhook is registered for the key. */
    getWebhook: (key: string) => find<Webhook>({ method: 'GET', ...webhook(key) }, ['webhookUrl']),

    /** PUT /webhook/{chave}: the PSP will post received Pix to `url` + "/pix". */
    async putWebhook(key: string, url: string): Promise<void> {
      await call({ method: 'PUT', ...webhook(key), body: { webhookUrl: url } });
    },

    /** DELETE /webhook/{chave}. */
    async deleteWebhook(key: string): Promise<void> {
      await call({ method: 'DELETE', ...webhook(key) });
    },

    ...pixAutomaticoOperations(calls),

    close: () => transport.agent.close(),
  };
}

/** The client's calls, for the operations of another part of the standard (pix-automatico-operations.ts). */
export type PixCalls = {
  call(request: Call): Promise<PixAnswer | null>;
  callForObject<T>(request: Call, fields: readonly string[]): Promise<T>;
  find<T>(request: Call, fields: readonly string[]): Promise<T | null>;
};

export type PixClient = ReturnType<typeof createPixClient>;
