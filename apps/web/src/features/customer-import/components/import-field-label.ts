import { type ImportField, importFieldLabelKey } from '@reformer/domain/customer-import';
import type { TFunction } from 'i18next';

/** A customer field as the import names it (the domain's key, so the template's headers map back). */
export function importFieldLabel(t: TFunction, field: ImportField): string {
  return t(importFieldLabelKey(field));
}
