import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { customerPlans, establishments, organizations, studioPages } from '../../db/schema/index.ts';

type Reader = Database | Transaction;

const brandingColumns = {
  slug: studioPages.slug,
  displayName: studioPages.displayName,
  accentColor: studioPages.accentColor,
  logoHash: studioPages.logoHash,
};

export async function findPage(db: Reader, organizationId: string) {
  const [row] = await db
    .select(brandingColumns)
    .from(studioPages)
    .where(eq(studioPages.organizationId, organizationId));
  return row ?? null;
}

export async function findOrganizationName(db: Reader, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? null;
}

export type PageValues = { slug: string | null; displayName: string; accentColor: string; updatedAt: Date };

export async function savePage(tx: Transaction, organizationId: string, values: PageValues) {
  await tx
    .insert(studioPages)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: studioPages.organizationId, set: values });
}

/** Only a saved page takes a logo: the name and colour come first. Answers whether a row was there. */
export async function saveLogo(
  tx: Transaction,
  organizationId: string,
  logo: { bytes: Buffer; type: string; hash: string; updatedAt: Date } | null,
) {
  const rows = await tx
    .update(studioPages)
    .set({
      logo: logo?.bytes ?? null,
      logoType: logo?.type ?? null,
      logoHash: logo?.hash ?? null,
      updatedAt: logo?.updatedAt ?? new Date(),
    })
    .where(eq(studioPages.organizationId, organizationId))
    .returning({ organizationId: studioPages.organizationId });
  return rows.length > 0;
}

/**
 * The organization behind a published slug, read on the connecting pool (outside the wall, as a portal
 * cookie's organization is): the visitor names no organization, the slug does.
 */
export async function findOrganizationBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({ organizationId: studioPages.organizationId })
    .from(studioPages)
    .where(and(eq(studioPages.slug, slug), isNotNull(studioPages.slug)));
  return row?.organizationId ?? null;
}

/** A logo by its hash, on the connecting pool: logos are public, and their URL names no organization. */
export async function findLogoByHash(db: Database, hash: string) {
  const [row] = await db
    .select({ logo: studioPages.logo, logoType: studioPages.logoType })
    .from(studioPages)
    .where(eq(studioPages.logoHash, hash))
    .limit(1);
  return row?.logo && row.logoType ? { bytes: row.logo, type: row.logoType } : null;
}

export function listEstablishments(tx: Transaction, organizationId: string) {
  return tx
    .select({ id: establishments.id, name: establishments.name, address: establishments.address })
    .from(establishments)
    .where(eq(establishments.organizationId, organizationId))
    .orderBy(asc(establishments.name));
}

export function listActivePlans(tx: Transaction, organizationId: string) {
  return tx
    .select({
      id: customerPlans.id,
      name: customerPlans.name,
      description: customerPlans.description,
      kind: customerPlans.kind,
      priceCents: customerPlans.priceCents,
      currency: customerPlans.currency,
      billingCycle: customerPlans.billingCycle,
      classesTotal: customerPlans.classCount,
    })
    .from(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.isActive, true)))
    .orderBy(asc(customerPlans.priceCents), asc(customerPlans.name));
}
