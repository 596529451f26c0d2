import {
  type CreatableRecordType,
  type MedicalRecord,
  MedicalRecordInput,
  type MedicalRecordValues,
} from '@reformer/domain/medical-records';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { domainResolver } from '@/lib/forms.ts';
import { emptyDocument } from '../record-fields.ts';

/**
 * What the form edits: the record's own fields and its document, kept loose because one form serves the
 * five types; the shared schema (MedicalRecordInput) checks the whole and yields the typed value.
 */
export type RecordFormValues = {
  type: CreatableRecordType;
  recordDate: string;
  title: string;
  description: string | null;
  document: Record<string, unknown>;
};

export const recordFormResolver: Resolver<RecordFormValues, unknown, MedicalRecordValues> = domainResolver(
  MedicalRecordInput as unknown as z.ZodType<MedicalRecordValues, RecordFormValues>,
);

export function newRecordValues(type: CreatableRecordType, today: string): RecordFormValues {
  return { type, recordDate: today, title: '', description: '', document: emptyDocument(type) };
}

/** A saved record in the form's shape: every field of its type present, as saved or unanswered. */
export function recordToValues(record: MedicalRecord): RecordFormValues {
  // Only the five current types reach the form: a legacy record shows "not supported" instead.
  const type = record.type as CreatableRecordType;
  const empty = emptyDocument(type);
  const saved = record.document as Record<string, unknown>;
  const document: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(empty)) {
    const stored = saved[name];
    document[name] =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ...value, ...(stored as object) }
        : (stored ?? value);
  }
  return {
    type,
    recordDate: record.recordDate,
    title: record.title,
    description: record.description ?? '',
    document,
  };
}

export type RecordForm = UseFormReturn<RecordFormValues, unknown, MedicalRecordValues>;
