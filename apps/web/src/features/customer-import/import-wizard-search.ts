import { ImportField, ImportMapping } from '@reformer/domain/customer-import';
import { z } from 'zod';

/**
 * The import wizard's place in the URL (issue #27 item 7): its step, so Reload and Back keep it, and the
 * choices that hold no customer data — the field chosen for each column and "skip invalid rows". The file
 * itself (customers' personal data) stays in the page's memory only: after a reload it is chosen again.
 */
export const IMPORT_WIZARD_STEPS = ['upload', 'mapping', 'preview', 'confirm', 'import'] as const;
export type ImportWizardStep = (typeof IMPORT_WIZARD_STEPS)[number];

export const ImportWizardSearch = z.object({
  step: z.enum(IMPORT_WIZARD_STEPS).optional().catch(undefined),
  /** One field name per column, comma-separated, empty for a skipped column: "fullName,,email". */
  mapping: z.string().max(4000).optional().catch(undefined),
  skipInvalid: z.boolean().optional().catch(undefined),
});
export type ImportWizardSearch = z.infer<typeof ImportWizardSearch>;

type Mapping = (ImportField | null)[];

export function writeMapping(mapping: Mapping): string {
  return mapping.map((field) => field ?? '').join(',');
}

/** The mapping the URL holds when it fits a file of `columns` columns and is a valid one; else null. */
export function readMapping(text: string | undefined, columns: number): Mapping | null {
  if (text === undefined) return null;
  const mapping = text.split(',').map((name) => ImportField.safeParse(name).data ?? null);
  if (mapping.length !== columns || !ImportMapping.safeParse(mapping).success) return null;
  return mapping;
}
