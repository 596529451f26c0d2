import { createHash } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import type { EmailBrand } from '@reformer/domain/events-templates';
import {
  LOGO_MAX_BYTES,
  type StudioBranding,
  type StudioPageSettings,
  type StudioPageValues,
  sniffLogoType,
} from '@reformer/domain/studio-pages';
import type { Database, Transaction } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './studio-pages.repository.ts';

/**
 * The studio's branding and public page settings (decision 045): owners and administrators (MANAGE_SETTINGS)
 * change them; the name, logo and colour then show on the portal, the public page and customer e-mails.
 */

/** The default accent before a studio picks one: the app's primary tone, readable under white text. */
export const DEFAULT_ACCENT = '#4f46e5';

export const logoPath = (hash: string) => `/api/public/logos/${hash}`;

type Reader = Database | Transaction;

/** What customers see: the saved branding, or the organization's name with no logo or colour. */
export async function readBranding(db: Reader, organizationId: string): Promise<StudioBranding> {
  const page = await repository.findPage(db, organizationId);
  if (page)
    return {
      displayName: page.displayName,
      accentColor: page.accentColor,
      logoUrl: page.logoHash ? logoPath(page.logoHash) : null,
    };
  const name = await repository.findOrganizationName(db, organizationId);
  return { displayName: name ?? '', accentColor: null, logoUrl: null };
}

/** The studio in its customers' e-mails: its name, and its logo at an absolute address when one is known. */
export async function emailBrand(
  db: Reader,
  organizationId: string,
  publicUrl?: string,
): Promise<EmailBrand> {
  const branding = await readBranding(db, organizationId);
  const logoUrl = publicUrl && branding.logoUrl ? `${publicUrl.replace(/\/$/, '')}${branding.logoUrl}` : null;
  return { name: branding.displayName, logoUrl };
}

export async function getSettings(db: Database, access: OrgAccess): Promise<StudioPageSettings> {
  const page = await repository.findPage(db, access.organizationId);
  const branding = await readBranding(db, access.organizationId);
  return {
    ...branding,
    accentColor: branding.accentColor ?? DEFAULT_ACCENT,
    slug: page?.slug ?? null,
    isSaved: !!page,
  };
}

/** Saves name, colour and slug; a slug another studio uses is 409 STUDIO_SLUG_TAKEN (the unique index decides). */
export async function saveSettings(
  db: Database,
  access: OrgAccess,
  values: StudioPageValues,
  actor: Actor,
): Promise<StudioPageSettings> {
  await db.transaction(async (tx) => {
    await repository
      .savePage(tx, access.organizationId, { ...values, updatedAt: actor.now })
      .catch((error: unknown) => {
        if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('STUDIO_SLUG_TAKEN');
        throw error;
      });
    await audit(tx, access, actor, 'STUDIO_PAGE_SAVED', { slug: values.slug });
  });
  return getSettings(db, access);
}

/**
 * The logo: its real type read from its bytes (a renamed SVG or HTML is refused, 400 STUDIO_LOGO_TYPE), at
 * most LOGO_MAX_BYTES (413 STUDIO_LOGO_TOO_LARGE), the page saved first (a logo needs a name beside it).
 */
export async function saveLogo(
  db: Database,
  access: OrgAccess,
  file: File,
  actor: Actor,
): Promise<StudioPageSettings> {
  if (file.size > LOGO_MAX_BYTES)
    throw new AppError('STUDIO_LOGO_TOO_LARGE', undefined, { maxBytes: LOGO_MAX_BYTES });
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = sniffLogoType(bytes);
  if (!type) throw new AppError('STUDIO_LOGO_TYPE');
  const hash = createHash('sha256').update(bytes).digest('hex');
  await db.transaction(async (tx) => {
    const logo = { bytes, type, hash, updatedAt: actor.now };
    if (!(await repository.saveLogo(tx, access.organizationId, logo)))
      throw new AppError('STUDIO_PAGE_NOT_FOUND');
    await audit(tx, access, actor, 'STUDIO_LOGO_SAVED', { bytes: bytes.length, type });
  });
  return getSettings(db, access);
}

export async function removeLogo(db: Database, access: OrgAccess, actor: Actor): Promise<StudioPageSettings> {
  await db.transaction(async (tx) => {
    if (await repository.saveLogo(tx, access.organizationId, null))
      await audit(tx, access, actor, 'STUDIO_LOGO_REMOVED', {});
  });
  return getSettings(db, access);
}

function audit(
  tx: Transaction,
  access: OrgAccess,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action,
    entityType: 'studio_page',
    entityId: access.organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details,
  });
}
