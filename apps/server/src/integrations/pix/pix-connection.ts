import { connect, createSecureContext } from 'node:tls';
import { Agent } from 'undici';
import { PixError } from './pix-error.ts';

/**
 * How to reach one receiver's account at its PSP: the API's base URL (e.g. https://pix.example.com/api/v2),
 * the OAuth2 token URL, the client credentials and the certificate the PSP issued, as PEM or as a PFX with
 * its password. `trustedCa` replaces the system's roots (the emulator's test CA); production leaves it out.
 */
export type PixCertificate =
  | { kind: 'pem'; cert: string; key: string }
  | { kind: 'pfx'; pfx: Buffer; passphrase: string };

export type PixConnection = {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for; when left out the PSP grants what the client is registered for. */
  scopes?: readonly string[];
  certificate: PixCertificate;
  /**
   * What the PSP wants beside the standard on every API call (Banco do Brasil's gw-dev-app-key in the query,
   * Inter's x-conta-corrente header); never sent to the token URL.
   */
  extras?: { query: Record<string, string>; headers: Record<string, string> };
  /** Tests only: the CA that signed the PSP's server certificate. */
  trustedCa?: string;
};

export type PixClientOptions = {
  /** Per request: connecting, then waiting for the answer's headers, then for its body. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

function tlsMaterial(certificate: PixCertificate) {
  return certificate.kind === 'pem'
    ? { cert: certificate.cert, key: certificate.key }
    : { pfx: certificate.pfx, passphrase: certificate.passphrase };
}

export type PixTransport = {
  agent: Agent;
  /** Whether the server at `url` refuses our certificate (see isCertificateRefused). */
  isCertificateRefused(url: string): Promise<boolean>;
};

/**
 * One undici Agent per connection: it presents the receiver's certificate on every TLS handshake (mutual TLS)
 * and keeps connections alive between calls. The certificate is opened here first, so a wrong PFX password
 * or a key that does not match the certificate is told apart from the PSP refusing us.
 */
export function createPixTransport(connection: PixConnection, timeoutMs: number): PixTransport {
  const material = tlsMaterial(connection.certificate);
  try {
    createSecureContext(material);
  } catch (error) {
    // OpenSSL's reason (e.g. "mac verify failure") says nothing secret; the material itself is never shown.
    throw new PixError('PSP_CERTIFICATE_UNREADABLE', {}, { cause: error });
  }
  const tls = { ...material, ...(connection.trustedCa ? { ca: connection.trustedCa } : {}) };
  return {
    agent: new Agent({
      connect: { ...tls, timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    }),
    isCertificateRefused: (url) => isCertificateRefused(new URL(url), tls, timeoutMs),
  };
}

/**
 * Under TLS 1.3 the client's handshake ends before the server has judged the client's certificate, so a
 * refusal reaches undici only as "other side closed" — the same words as a connection dropped for any other
 * reason. When a call fails that way, one bare TLS connection with the same certificate asks again: a server
 * that sends a TLS alert, or closes without answering a HEAD request, refused the certificate.
 */
function isCertificateRefused(url: URL, tls: object, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || 443);
    const isName = /[a-z]/i.test(host) && !host.includes(':');
    const socket = connect({ host, port, ...(isName ? { servername: host } : {}), ...tls });
    let answered = false;
    let refused = false;
    let timedOut = false;
    socket.setTimeout(timeoutMs, () => {
      timedOut = true;
      socket.destroy();
    });
    socket.once('secureConnect', () => {
      socket.write(`HEAD / HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', () => {
      answered = true;
      socket.destroy();
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      refused = String(error.code).startsWith('ERR_SSL_');
    });
    socket.once('close', () => resolve(refused || (!answered && !timedOut && socket.authorized)));
  });
}
