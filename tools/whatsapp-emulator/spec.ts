import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend';
import { applySpecErrata } from './spec-errata.ts';

/** The YAML lives with the client (ARCHITECTURE §9); the emulator holds itself and the client to it. */
export const SPEC_PATH = fileURLToPath(
  new URL(
    '../../apps/server/src/integrations/whatsapp/vendor/meta-whatsapp-business-messaging-v23.0.openapi.yaml',
    import.meta.url,
  ),
);

/**
 * The operations the emulator serves, and only these are loaded: the YAML has ~80 paths of the shape
 * `/{Version}/{Some-ID}`, and a request for `/v23.0/123` would match whichever came first.
 */
export const SERVED_OPERATIONS = {
  sendMessage: ['post', '/{Version}/{Phone-Number-ID}/messages'],
  getPhoneNumber: ['get', '/{Version}/{Phone-Number-ID}'],
  listTemplates: ['get', '/{Version}/{WABA-ID}/message_templates'],
  createTemplate: ['post', '/{Version}/{WABA-ID}/message_templates'],
  listSubscribedApps: ['get', '/{Version}/{WABA-ID}/subscribed_apps'],
  subscribeApp: ['post', '/{Version}/{WABA-ID}/subscribed_apps'],
  /** Not served: the shape of the webhooks the emulator sends. */
  webhook: ['post', '/whatsapp/webhooks'],
} as const;

export type OperationName = keyof typeof SERVED_OPERATIONS;
export type SpecError = { path: string; message: string };
export type SpecCheck = { valid: true } | { valid: false; errors: SpecError[] };

type Json = Record<string, unknown>;

function describeErrors(errors: { instancePath?: string; message?: string }[] | null | undefined) {
  return (errors ?? []).map((error) => ({
    path: error.instancePath || '/',
    message: error.message ?? 'is invalid',
  }));
}

/** Keeps the served operations, named by our names (the YAML's operationIds are not all unique or present). */
function servedOnly(document: Json): Json {
  const all = document.paths as Record<string, Json>;
  const paths: Record<string, Json> = {};
  for (const [name, [method, path]] of Object.entries(SERVED_OPERATIONS)) {
    const item = all[path];
    const operation = item?.[method] as Json | undefined;
    if (!item || !operation) throw new Error(`The WhatsApp YAML has no ${method} ${path}`);
    paths[path] ??= item.parameters ? { parameters: item.parameters } : {};
    (paths[path] as Json)[method] = { ...operation, operationId: name };
  }
  return { ...document, paths };
}

let cached: Spec | undefined;

/** Meta's document as openapi-backend reads it: read once per process, validators compiled on first use. */
export function loadSpec(): Spec {
  cached ??= readSpec();
  return cached;
}

function readSpec() {
  const document = servedOnly(applySpecErrata(load(readFileSync(SPEC_PATH, 'utf8')) as Json));
  const api = new OpenAPIBackend({
    definition: document as unknown as Document,
    apiRoot: '/',
    quick: true,
    customizeAjv: (ajv) => {
      addFormats(ajv, ['date', 'date-time', 'uri', 'url', 'email']);
      return ajv;
    },
  });
  void api.init();

  const operation = (name: OperationName): Operation => {
    const found = api.getOperation(name);
    if (!found) throw new Error(`No operation ${name}`);
    return found;
  };

  return {
    operation,
    match(method: string, path: string): Operation | undefined {
      return api.matchOperation({ method, path, headers: {} });
    },
    checkRequest(
      op: Operation,
      request: {
        method: string;
        path: string;
        query: Record<string, string>;
        headers: Record<string, string>;
        body: unknown;
      },
    ): SpecCheck {
      const result = api.validateRequest({ ...request, body: request.body as Json }, op);
      return result.valid ? { valid: true } : { valid: false, errors: describeErrors(result.errors) };
    },
    /** An answer's status must be one the operation declares, and its body must match that answer's schema. */
    checkAnswer(op: Operation, status: number, body: unknown): SpecCheck {
      const declared = Object.keys(op.responses ?? {});
      if (!declared.includes(String(status)) && !declared.includes('default')) {
        const message = `status ${status} is not an answer of ${op.operationId} (${declared.join(', ')})`;
        return { valid: false, errors: [{ path: '/', message }] };
      }
      const result = api.validateResponse(body, op, status);
      return result.valid ? { valid: true } : { valid: false, errors: describeErrors(result.errors) };
    },
    /** A webhook body must be a request the YAML's `POST /whatsapp/webhooks` accepts. */
    checkWebhook(body: unknown): SpecCheck {
      const result = api.validateRequest(
        {
          method: 'post',
          path: '/whatsapp/webhooks',
          headers: { 'content-type': 'application/json' },
          body: body as Json,
        },
        operation('webhook'),
      );
      return result.valid ? { valid: true } : { valid: false, errors: describeErrors(result.errors) };
    },
  };
}

export type Spec = ReturnType<typeof readSpec>;
