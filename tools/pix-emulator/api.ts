import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Operation } from 'openapi-backend';
import { listQueryOf } from './listing.ts';
import type { OAuth } from './oauth.ts';
import {
  accessDenied,
  invalid,
  invalidRequestName,
  notFound,
  type Problem,
  ProblemError,
} from './problems.ts';
import type { Psp } from './psp.ts';
import { API_ROOT, type Spec } from './spec.ts';

/** Misbehaviour of the API itself, on demand: the next N calls answer this status, or answer this much later. */
export type ApiFaults = {
  failures: { remaining: number; status: number; retryAfterSeconds?: number };
  delays: { remaining: number; ms: number };
};

/** What the spec check found wrong in the emulator's own answers: the tests fail when this is not empty. */
export type SpecViolation = {
  operation: string;
  status: number;
  errors: { path: string; message: string }[];
};

type Env = { Variables: { operation: Operation; body: unknown } };

function problemResponse(problem: Problem, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('RequisicaoInvalida', 'O corpo da requisição não é JSON.');
  }
}

/**
 * The API Pix under /api/v2. Every request is checked against the YAML before a handler sees it (400 with
 * the spec's problem and one violation per schema error) and every answer after (a breach is recorded in
 * `violations`, logged, and turned into a 500 — loud, so no test passes over it). Injected faults, 401s of
 * the bearer check and 404s of paths outside the spec are not answers the YAML describes and are not checked.
 */
/**
 * Values a PSP wants on every API call beside the standard, as Banco do Brasil wants its application key
 * (`gw-dev-app-key`) in the query and Inter the checking account (`x-conta-corrente`) in a header.
 */
export type RequiredExtras = { query?: Record<string, string>; headers?: Record<string, string> };

export function createApi(deps: {
  spec: Spec;
  oauth: OAuth;
  psp: Psp;
  faults: ApiFaults;
  violations: SpecViolation[];
  requiredExtras?: RequiredExtras;
}) {
  const { spec, oauth, psp, faults, violations, requiredExtras = {} } = deps;
  const api = new Hono<Env>();

  api.onError((error) => {
    if (error instanceof ProblemError) return problemResponse(error.problem);
    throw error;
  });

  api.use('*', async (c, next) => {
    if (faults.delays.remaining > 0) {
      faults.delays.remaining -= 1;
      await sleep(faults.delays.ms);
    }
    if (faults.failures.remaining > 0) {
      faults.failures.remaining -= 1;
      const { status, retryAfterSeconds } = faults.failures;
      const retry: Record<string, string> =
        retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
      return problemResponse(
        {
          type: 'https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel',
          title: 'Serviço Indisponível',
          status,
        },
        retry,
      );
    }
    const grant = oauth.grantOf(c.req.header('authorization'));
    if (!grant) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return c.json({ error: 'invalid_token' }, 401);
    }
    const operation = spec.match(c.req.method, c.req.path);
    if (!operation) {
      return problemResponse({
        type: 'https://pix.bcb.gov.br/api/v2/error/NaoEncontrado',
        title: 'Não Encontrado',
        status: 404,
        detail: 'Caminho fora da API Pix.',
      });
    }
    const wrongExtras = [
      ...Object.entries(requiredExtras.query ?? {}).filter(([key, value]) => c.req.query(key) !== value),
      ...Object.entries(requiredExtras.headers ?? {}).filter(([key, value]) => c.req.header(key) !== value),
    ].map(([key]) => key);
    if (wrongExtras.length > 0) throw accessDenied(`Falta ou não confere: ${wrongExtras.join(', ')}.`);
    const missing = spec.scopesOf(operation).filter((scope) => !grant.scopes.has(scope));
    if (missing.length > 0) throw accessDenied(`O token não tem o escopo ${missing.join(', ')}.`);
    const body = ['PUT', 'PATCH', 'POST'].includes(c.req.method)
      ? await readJson(c.req.raw.clone())
      : undefined;
    const check = spec.checkRequest(operation, {
      method: c.req.method,
      path: c.req.path,
      // The PSP's own parameters beside the standard are its extension, not the YAML's.
      query: Object.fromEntries(
        Object.entries(c.req.query()).filter(([key]) => !(key in (requiredExtras.query ?? {}))),
      ),
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    });
    if (!check.valid) {
      const violacoes = check.errors.map((error) => ({ razao: error.message, propriedade: error.path }));
      throw invalid(
        invalidRequestName(c.req.method, c.req.path.slice(API_ROOT.length)),
        'A requisição não respeita o schema.',
        violacoes,
      );
    }
    c.set('operation', operation);
    c.set('body', body);
    await next();
    // An answer without content is checked as null, which is what openapi-backend compiles a content-less answer to.
    const text = await c.res.clone().text();
    const answer = text === '' ? null : JSON.parse(text);
    const result = spec.checkAnswer(operation, c.res.status, answer);
    if (!result.valid) {
      const violation = {
        operation: String(operation.operationId),
        status: c.res.status,
        errors: result.errors,
      };
      violations.push(violation);
      console.error('pix-emulator: an answer breaks the API Pix YAML', JSON.stringify(violation));
      c.res = problemResponse({
        type: 'https://pix.bcb.gov.br/api/v2/error/ErroInternoDoServidor',
        title: 'A resposta do emulador viola a API Pix',
        status: 500,
        detail: JSON.stringify(violation),
      });
    }
  });

  const body = <T>(c: { get(key: 'body'): unknown }) => c.get('body') as T;
  const json = (value: unknown, status: ContentfulStatusCode = 200) =>
    new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

  api.put('/cobv/:txid', (c) => json(psp.charges.put(c.req.param('txid'), body(c)), 201));
  api.patch('/cobv/:txid', (c) => json(psp.charges.patch(c.req.param('txid'), body(c))));
  api.get('/cobv/:txid', (c) => {
    const revisao = c.req.query('revisao');
    const charge = psp.charges.get(c.req.param('txid'), revisao === undefined ? undefined : Number(revisao));
    const pix = psp.ledger.paying(charge.txid);
    return json(pix.length ? { ...charge, pix } : charge);
  });

  api.get('/pix', (c) => {
    const query = c.req.query();
    const flag = (value: string | undefined) => (value === undefined ? undefined : value === 'true');
    return json(
      psp.ledger.list({
        inicio: String(query.inicio),
        fim: String(query.fim),
        txid: query.txid,
        txIdPresente: flag(query.txIdPresente),
        devolucaoPresente: flag(query.devolucaoPresente),
        paginaAtual: Number(query['paginacao.paginaAtual'] ?? 0),
        itensPorPagina: Number(query['paginacao.itensPorPagina'] ?? 100),
      }),
    );
  });
  api.get('/pix/:e2eid', (c) => json(psp.ledger.get(c.req.param('e2eid'))));
  api.put('/pix/:e2eid/devolucao/:id', (c) =>
    json(psp.requestRefund(c.req.param('e2eid'), c.req.param('id'), body(c)), 201),
  );
  api.get('/pix/:e2eid/devolucao/:id', (c) =>
    json(psp.ledger.getRefund(c.req.param('e2eid'), c.req.param('id'))),
  );

  api.put('/webhook/:chave', (c) => {
    psp.putWebhook(c.req.param('chave'), body<{ webhookUrl: string }>(c).webhookUrl);
    return c.body(null, 200);
  });
  api.get('/webhook/:chave', (c) => json(psp.getWebhook(c.req.param('chave'))));
  api.delete('/webhook/:chave', (c) => {
    psp.deleteWebhook(c.req.param('chave'));
    return c.body(null, 204);
  });

  const automatico = psp.automatico;
  api.put('/cob/:txid', (c) => json(automatico.immediate.put(c.req.param('txid'), body(c)), 201));
  api.get('/cob/:txid', (c) => json(automatico.immediate.get(c.req.param('txid'))));

  api.post('/locrec', () => {
    const loc = automatico.recurrences.createLocation();
    return new Response(JSON.stringify(loc), {
      status: 201,
      headers: { 'content-type': 'application/json', location: loc.location },
    });
  });
  api.get('/locrec/:id', (c) => json(automatico.recurrences.getLocation(Number(c.req.param('id')))));
  api.post('/rec', (c) =>
    json(
      automatico.recurrences.create(body(c), (txid) => {
        try {
          return automatico.immediate.get(txid).status === 'ATIVA';
        } catch {
          return false;
        }
      }),
      201,
    ),
  );
  api.get('/rec', (c) => json(automatico.listRecurrences(listQueryOf(c.req.query()))));
  api.get('/rec/:idRec', (c) => json(automatico.view(c.req.param('idRec'), c.req.query('txid'))));
  api.patch('/rec/:idRec', (c) => json(automatico.revise(c.req.param('idRec'), body(c))));
  api.post('/solicrec', (c) => json(automatico.requestView(automatico.recurrences.request(body(c))), 201));
  api.get('/solicrec/:id', (c) =>
    json(automatico.requestView(automatico.recurrences.getRequest(c.req.param('id')))),
  );
  api.patch('/solicrec/:id', (c) =>
    json(automatico.requestView(automatico.recurrences.cancelRequest(c.req.param('id'))), 201),
  );

  api.put('/cobr/:txid', (c) => json(automatico.charges.put(c.req.param('txid'), body(c)), 201));
  api.get('/cobr', (c) => json(automatico.listCharges(listQueryOf(c.req.query()))));
  api.get('/cobr/:txid', (c) => json(automatico.charges.get(c.req.param('txid'))));
  api.patch('/cobr/:txid', (c) => json(automatico.charges.cancel(c.req.param('txid'))));
  api.post('/cobr/:txid/retentativa/:data', (c) =>
    json(automatico.charges.retry(c.req.param('txid'), c.req.param('data')), 201),
  );

  for (const kind of ['rec', 'cobr'] as const) {
    api.put(`/webhook${kind}`, (c) => {
      automatico.putWebhook(kind, body<{ webhookUrl: string }>(c).webhookUrl);
      return c.body(null, 200);
    });
    api.get(`/webhook${kind}`, () => json(automatico.getWebhook(kind)));
    api.delete(`/webhook${kind}`, (c) => {
      automatico.deleteWebhook(kind);
      return c.body(null, 204);
    });
  }

  // An operation of the standard this account has not contracted (batches, payload locations' lists):
  // the spec's general answer is AcessoNegado; an operation that cannot answer 403 (the payload location)
  // answers NaoEncontrado. (A catch-all route: a sub-app's notFound is not called once mounted.)
  api.all('*', (c) => {
    const declared = Object.keys(c.get('operation').responses ?? {});
    if (declared.includes('403')) {
      return problemResponse(
        accessDenied('Operação não contratada por este usuário recebedor (emulador).').problem,
      );
    }
    return problemResponse(notFound('NaoEncontrado', 'O emulador não oferece esta operação.').problem);
  });

  return api;
}
