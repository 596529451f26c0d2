import { request } from 'undici';
import type { Problem } from './api-pix-types.ts';
import type { PixTransport } from './pix-connection.ts';
import { PixError, type PixErrorCode, type PixErrorDetails } from './pix-error.ts';

export type PixAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

export type PixRequest = {
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** For errors and logs: "PUT /cobv/{txid}", never the URL with its ids. */
  operation: string;
};

/** Sends one request over the connection's agent; a transport failure becomes the PixError that explains it. */
export async function send(transport: PixTransport, req: PixRequest): Promise<PixAnswer> {
  try {
    const answer = await request(req.url, {
      dispatcher: transport.agent,
      method: req.method,
      headers: { accept: 'application/json', ...req.headers },
      body: req.body,
    });
    const text = await answer.body.text();
    return { status: answer.statusCode, headers: answer.headers, body: parseBody(text) };
  } catch (error) {
    let code = transportErrorCode(error);
    const dropped = codesOf(error).some((name) => name === 'UND_ERR_SOCKET' || name === 'ECONNRESET');
    if (code === 'PSP_UNREACHABLE' && dropped && (await transport.isCertificateRefused(req.url))) {
      code = 'PSP_TLS_REJECTED';
    }
    throw new PixError(code, { operation: req.operation }, { cause: error });
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Kept as text: the caller decides whether a body that is not JSON is an unexpected answer.
    return text;
  }
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'EPIPE',
]);
/** Node's names for a server certificate it does not trust (see tls's X509 verification errors). */
const UNTRUSTED_SERVER_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The error codes down an error's cause chain (undici wraps the socket's error). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause;
  }
  return codes;
}

export function transportErrorCode(error: unknown): PixErrorCode {
  const codes = codesOf(error);
  // A refused client certificate arrives as the server's TLS alert (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED,
  // ERR_SSL_TLSV1_ALERT_UNKNOWN_CA, ...ALERT_BAD_CERTIFICATE), an untrusted server certificate as X509's name.
  if (codes.some((code) => code.startsWith('ERR_SSL_') || UNTRUSTED_SERVER_CODES.has(code))) {
    return 'PSP_TLS_REJECTED';
  }
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return 'PSP_TIMEOUT';
  if (codes.some((code) => UNREACHABLE_CODES.has(code))) return 'PSP_UNREACHABLE';
  if (error instanceof Error && error.name === 'TimeoutError') return 'PSP_TIMEOUT';
  return 'PSP_UNREACHABLE';
}

function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'title' in body && 'status' in body;
}

function retryAfter(headers: PixAnswer['headers']): number | undefined {
  const value = Number(headers['retry-after']);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A non-2xx answer of the API as a PixError: the PSP's problem (RFC 7807) kept, our words on top. */
export function answerError(answer: PixAnswer, operation: string): PixError {
  const problem = isProblem(answer.body) ? answer.body : undefined;
  const details: PixErrorDetails = {
    status: answer.status,
    operation,
    ...(problem
      ? { type: problem.type, title: problem.title, detail: problem.detail, violacoes: problem.violacoes }
      : {}),
  };
  const { status } = answer;
  if (status === 401) return new PixError('PSP_INVALID_CLIENT', details);
  if (status === 403) return new PixError('PSP_FORBIDDEN_SCOPE', details);
  if (status === 429)
    return new PixError('PSP_RATE_LIMITED', { ...details, retryAfterSeconds: retryAfter(answer.headers) });
  if (status === 504) return new PixError('PSP_TIMEOUT', details);
  if (status >= 500)
    return new PixError('PSP_UNAVAILABLE', { ...details, retryAfterSeconds: retryAfter(answer.headers) });
  if (status >= 400 && problem) return new PixError('PSP_REJECTED', details);
  return new PixError('PSP_UNEXPECTED_ANSWER', details);
}
