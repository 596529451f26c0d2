import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend';
import { applySpecErrata } from './spec-errata.ts';

/** The YAML lives with the client (ARCHITECTURE §9); the emulator holds itself and the client to it. */
export const SPEC_PATH = fileURLToPath(
  new URL('../../apps/server/src/integrations/pix/vendor/bcb-api-pix-2.9.0.openapi.yaml', import.meta.url),
);

/** The version prefix real PSPs serve the API Pix under (the YAML's servers end in /api/; v2 is its major). */
export const API_ROOT = '/api/v2';

/** Where a request or answer breaks the YAML: ajv's instance path (e.g. /requestBody/valor/original) and why. */
export type SpecError = { path: string; message: string };
export type SpecCheck = { valid: true } | { valid: false; errors: SpecError[] };

type Json = Record<string, unknown>;

const CALLBACK_ROOT = '/__callbacks';
const CALLBACK_BODIES = { rec: 'WebhookRecBody', cobr: 'WebhookCobRBody' } as const;

function describeErrors(
  errors: { instancePath?: string; message?: string }[] | null | undefined,
): SpecError[] {
  return (errors ?? []).map((error) => ({
    path: error.instancePath || '/',
    message: error.message ?? 'is invalid',
  }));
}

/**
 * The API Pix document as openapi-backend reads it: ajv (with ajv-formats for date, date-time, uri, email)
 * compiling each operation's parameters, request body and answers from the YAML itself. The YAML has no
 * operationIds, which openapi-backend keys its validators by, so each operation gets "<method> <path>".
 * Read once per process (js-yaml: a fifth of the `yaml` package's time on this 9,000-line file) and shared
 * by every emulator the process starts; the validators keep no state between calls.
 */
export function loadSpec(): Spec {
  cached ??= readSpec();
  return cached;
}

let cached: Spec | undefined;

function readSpec() {
  const document = applySpecErrata(load(readFileSync(SPEC_PATH, 'utf8')) as Json);
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
      const operation = item[method] as Json | undefined;
      if (operation) operation.operationId = `${method} ${path}`;
    }
  }
  // The payload locations (GET /{pixUrlAccessToken}, /cobv/..., /rec/{recUrlAccessToken}) are served at the
  // location's own URL, not under the API root; left there, GET /rec/{recUrlAccessToken} (listed first) would
  // be matched for GET /rec/{idRec}. They move under /__payload in the loaded copy.
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    const tags = ((item.get as Json | undefined)?.tags ?? []) as string[];
    if (tags.includes('CobPayload') || tags.includes('RecPayload')) {
      const paths = document.paths as Record<string, Json>;
      delete paths[path];
      paths[`/__payload${path}`] = item;
    }
  }
  // The callbacks' bodies (PUT /webhookrec's `rec`, PUT /webhookcobr's `cobr`) as operations of their own, so
  // openapi-backend, which does not read `callbacks`, checks what the emulator posts as it checks requests.
  const paths = document.paths as Record<string, Json>;
  for (const [kind, body] of Object.entries(CALLBACK_BODIES)) {
    paths[`${CALLBACK_ROOT}/${kind}`] = {
      post: {
        operationId: `callback ${kind}`,
        requestBody: { $ref: `#/components/requestBodies/${body}` },
        responses: { '200': { description: 'Notificação recebida com sucesso' } },
      },
    };
  }
  const api = new OpenAPIBackend({
    definition: document as unknown as Document,
    apiRoot: API_ROOT,
    quick: true,
    coerceTypes: true,
    customizeAjv: (ajv) => {
      addFormats(ajv, ['date', 'date-time', 'uri', 'email']);
      return ajv;
    },
  });
  // quick mode: the document is read synchronously and each validator compiled on its first use.
  void api.init();

  return {
    document,
    match(method: string, path: string): Operation | undefined {
      return api.matchOperation({ method, path, headers: {} });
    },

    operation(method: string, template: string): Operation {
      const operation = api.getOperation(`${method.toLowerCase()} ${template}`);
      if (!operation) throw new Error(`The API Pix has no operation ${method} ${template}`);
      return operation;
    },

    checkRequest(
      operation: Operation,
      request: {
        method: string;
        path: string;
        query: Record<string, string>;
        headers: Record<string, string>;
        body: unknown;
      },
    ): SpecCheck {
      const result = api.validateRequest(
        {
          method: request.method,
          path: request.path,
          query: request.query,
          headers: request.headers,
          body: request.body as Json,
        },
        operation,
      );
      return result.valid ? { valid: true } : { valid: false, errors: describeErrors(result.errors) };
    },

    /** An answer's status must be one the operation declares, and its body must match that answer's schema. */
    checkAnswer(operation: Operation, status: number, body: unknown): SpecCheck {
      const declared = Object.keys(operation.responses ?? {});
      if (!declared.includes(String(status)) && !declared.includes('default')) {
        const message = `status ${status} is not an answer of ${operation.operationId} (${declared.join(', ')})`;
        return { valid: false, errors: [{ path: '/', message }] };
      }
      const result = api.validateResponse(body, operation, status);
      return result.valid ? { valid: true } : { valid: false, errors: describeErrors(result.errors) };
    },

    /** A callback's body (`{ recs }` to /rec, `{ cobsr }` to /cobr) against the YAML's request body for it. */
    checkCallback(kind: keyof typeof CALLBACK_BODIES, body: unknown): SpecCheck {
      const operation = api.getOperation(`callback ${kind}`);
      if (!operation) throw new Error(`No callback ${kind}`);
      const result = api.validateRequest(
        {
          method: 'POST',
          path: `${API_ROOT}${CALLBACK_ROOT}/${kind}`,
          query: {},
          headers: { 'content-type': 'application/json' },
          body: body as Json,
        },
        operation,
      );
      return result.valid ? { valid: true } : { valid: false, errors: describeErrors(result.errors) };
    },

    /** The scopes an operation requires (its OAuth2 security requirement). */
    scopesOf(operation: Operation): string[] {
      return (operation.security ?? []).flatMap(
        (requirement) => (requirement as Record<string, string[]>).OAuth2 ?? [],
      );
    },
  };
}

export type Spec = ReturnType<typeof readSpec>;
