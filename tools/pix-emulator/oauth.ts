import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

/** A receiver's credentials at the PSP and the scopes its contract grants. */
export type RegisteredClient = { clientId: string; clientSecret: string; scopes: readonly string[] };
export type TokenGrant = { clientId: string; scopes: ReadonlySet<string>; expiresAt: number };

function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** RFC 6749 §2.3.1: HTTP Basic with the id and secret form-encoded before base64. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const read = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    return { id: read(decoded.slice(0, colon)), secret: read(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * The PSP's OAuth2 token endpoint (client credentials only) and the bearer tokens it issued. Only a registered
 * client with its secret gets a token (401 invalid_client otherwise); a token carries the scopes asked for,
 * which must be among the client's, or all of the client's when none were asked for.
 */
export function createOAuth(clients: RegisteredClient[], ttlSeconds: number, now: () => number = Date.now) {
  const grants = new Map<string, TokenGrant>();
  let issued = 0;

  async function token(c: Context) {
    const credentials = basicCredentials(c.req.header('authorization'));
    const client = credentials && clients.find((candidate) => candidate.clientId === credentials.id);
    if (!client || !credentials || !sameText(client.clientSecret, credentials.secret)) {
      c.header('WWW-Authenticate', 'Basic realm="pix"');
      return c.json({ error: 'invalid_client' }, 401);
    }
    const form = new URLSearchParams(await c.req.text());
    if (form.get('grant_type') !== 'client_credentials')
      return c.json({ error: 'unsupported_grant_type' }, 400);
    const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
    if (asked.some((scope) => !client.scopes.includes(scope))) return c.json({ error: 'invalid_scope' }, 400);
    const scopes = asked.length ? asked : [...client.scopes];
    const accessToken = randomBytes(24).toString('base64url');
    issued += 1;
    grants.set(accessToken, {
      clientId: client.clientId,
      scopes: new Set(scopes),
      expiresAt: now() + ttlSeconds * 1000,
    });
    return c.json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttlSeconds,
      scope: scopes.join(' '),
    });
  }

  return {
    token,
    /** The grant behind an Authorization: Bearer header, while it lives. */
    grantOf(header: string | undefined): TokenGrant | null {
      const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
      const grant = match?.[1] ? grants.get(match[1]) : undefined;
      return grant && now() < grant.expiresAt ? grant : null;
    },
    issued: () => issued,
    /** Ends every token at once (the PSP rotated its keys): the next API call answers 401. */
    expireAll() {
      grants.clear();
    },
  };
}

export type OAuth = ReturnType<typeof createOAuth>;
