import { OpenAPIHono } from '@hono/zod-openapi';
import type { AccessProfile, Membership } from '@reformer/domain/permissions';
import type { Context } from 'hono';
import type { Auth } from '../auth/auth.ts';
import type { MembershipCache } from '../auth/membership-cache.ts';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { PixGateway } from '../modules/pix-psp/pix-gateway.ts';
import type { PixSandbox } from '../modules/pix-psp/pix-sandbox.ts';
import type { PostalCodeProvider } from '../modules/postal-codes/postal-code-provider.ts';
import type { WhatsAppGateway } from '../modules/whatsapp/whatsapp-gateway.ts';
import type { Logger } from '../observability/logger.ts';
import type { Readiness } from '../observability/readiness.ts';
import { validationHook } from './errors.ts';
import type { Mailer } from './mailer.ts';
import type { SecretBox } from './secret-box.ts';

/** What every request can reach: set once per app by `createApp`, never from module state. */
export type Deps = {
  /**
   * The database as the request may reach it: the connecting user's pool, replaced for the routes of one
   * organization by a transaction under row-level security that names it (auth/access.ts).
   */
  db: Database;
  /** The pool under row-level security that those transactions are taken from. */
  tenantDb: Database;
  env: Env;
  auth: Auth;
  /** Injected so tests can move time (invitation expiry, birthdays). */
  now: () => Date;
  health: () => Promise<import('@reformer/domain/health').HealthReport>;
  mailer: Mailer;
  /** Signs sessions and derives invitation tokens. */
  secret: string;
  publicUrl: string;
  postalCodes: PostalCodeProvider;
  /** Seals organizations' secrets; null on a PostgreSQL server without SECRETS_KEY (lib/secret-box.ts). */
  secretBox: SecretBox | null;
  /** Reaches a PSP's API Pix for "Test connection" (integrations/pix). */
  pixPsp: PixGateway;
  /** The demo's local PSP (PIX_PSP=sandbox), else null. */
  pixSandbox: PixSandbox | null;
  /** Reaches Meta's WhatsApp Cloud API (integrations/whatsapp, decision 049). */
  whatsapp: WhatsAppGateway;
  /** The JSON log on stdout (observability/logger.ts). */
  logger: Logger;
  /** Whether this instance should be sent requests (`GET /api/health/ready`). */
  readiness: Readiness;
  /** The process's membership cache (auth/membership-cache.ts); absent, memberships are read every time. */
  membershipCache?: MembershipCache;
};

export type OrgAccess = { organizationId: string; membership: Membership; profile: AccessProfile };

/**
 * Read with `c.get(name)`, not `c.var.name`: Hono builds `c.var` as a new object from every variable on each
 * access (`Object.fromEntries`), some ten times a request — 1–2 % of a list's CPU (decision 018, session 21).
 */
export type AppEnv = {
  Variables: {
    deps: Deps;
    userId: string;
    sessionId: string;
    access: OrgAccess;
    requestId: string;
    logger: Logger;
    /** Work to start once the organization's transaction committed (see `afterCommit`). */
    afterCommit: Array<(deps: Deps) => Promise<void>>;
  };
};

/**
 * Starts `task` once the request's organization transaction has committed, not before: what it sends must
 * be what the request wrote, and a request that rolls back starts nothing. Not awaited by the answer; its
 * failure is logged. Outside an organization transaction it starts at once (nothing is pending).
 */
export function afterCommit(c: Context<AppEnv>, task: (deps: Deps) => Promise<void>) {
  const tasks = c.get('afterCommit');
  if (tasks) tasks.push(task);
  else startTask(c.get('deps'), task);
}

export function startTask(deps: Deps, task: (deps: Deps) => Promise<void>) {
  task(deps).catch((error: unknown) =>
    console.error('[after-commit]', error instanceof Error ? error.message : error),
  );
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
