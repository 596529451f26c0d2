import type { TestApp } from '../test/test-app.ts';
import type { OperationSpec } from './operation-table.ts';
import type { TenantIds } from './seed.ts';

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  default?: unknown;
};

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };

export type DocumentOperation = {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the API's own document, as `METHOD /path/{template}`. */
export async function documentOperations(t: TestApp): Promise<DocumentOperation[]> {
  const response = await t.request('GET', '/openapi.json');
  const document = response.body as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

export type ProbeRequest = { method: string; path: string; body?: unknown };

/** What phase (b) changes: one path parameter, query key or body path, and the value put there. */
export type Substitution = { in: 'path' | 'query' | 'body'; at: string; value: string };

/** The operation called with a tenant's ids, some of them replaced by the given values. */
export function buildRequest(
  key: string,
  spec: OperationSpec,
  ids: TenantIds,
  substitutions: readonly Substitution[] = [],
): ProbeRequest {
  const [method = 'GET', template = '/'] = key.split(' ');
  const replace = (where: Substitution['in'], at: string) =>
    substitutions.find((each) => each.in === where && each.at === at)?.value;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const source = spec.params?.[name];
    const value = typeof source === 'function' ? source(ids) : source ? ids[source] : '';
    return encodeURIComponent(replace('path', name) ?? value);
  });
  const query = { ...spec.query?.(ids) };
  const body = spec.body ? structuredClone(spec.body(ids)) : undefined;
  for (const { in: where, at, value } of substitutions) {
    if (where === 'query') query[at] = value;
    if (where === 'body') setAt(body, at, value);
  }
  const search = new URLSearchParams(query).toString();
  return { method, path: search ? `${path}?${search}` : path, body };
}

function setAt(target: unknown, dottedPath: string, value: unknown) {
  const keys = dottedPath.split('.');
  const last = keys.pop() ?? '';
  let node = target as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (!node || !(last in node)) throw new Error(`The body has nothing at ${dottedPath}`);
  node[last] = value;
}

export type ProbeResponse = { status: number; text: string; body: unknown; cacheControl: string | null };

/** In-process through the real app; non-JSON answers (the CSV export) are kept as text. */
export async function send(t: TestApp, token: string, request: ProbeRequest): Promise<ProbeResponse> {
  const response = await t.request(request.method, request.path, { token, body: request.body });
  const cacheControl = response.headers.get('cache-control');
  return { status: response.status, text: response.text, body: response.body, cacheControl };
}
