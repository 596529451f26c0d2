import type { MedicalRecordType } from '@reformer/domain/medical-records';
import type { AnamnesisDocument } from '@reformer/domain/medical-records-anamnesis';
import {
  anamnesisFlags,
  periodicEvaluationFlags,
  physicalEvaluationFlags,
  type RecordFlag,
} from '@reformer/domain/medical-records-flags';
import type { PeriodicEvaluationDocument } from '@reformer/domain/medical-records-periodic-evaluation';
import type { PhysicalEvaluationDocument } from '@reformer/domain/medical-records-physical-evaluation';
import { bodyMassIndex, POSITIVE_FLAGS } from '@reformer/domain/medical-records-thresholds';

type Vitals = { heightCm?: unknown; weightKg?: unknown };

const asNumber = (value: unknown) => (typeof value === 'number' ? value : null);

/** The BMI of a document being typed or saved: always from its height and weight, as the server does. */
export function documentBmi(document: Record<string, unknown>): number | null {
  const vitals = (document.vitals ?? {}) as Vitals;
  return bodyMassIndex(asNumber(vitals.heightCm), asNumber(vitals.weightKg));
}

/**
 * Values past a clinical threshold. The flag functions read only the fields they check, so a document
 * still being typed (every field present, some numbers not yet valid) is read as it is.
 */
export function recordFlags(type: MedicalRecordType, document: unknown): RecordFlag[] {
  if (typeof document !== 'object' || document === null) return [];
  const doc = document as Record<string, unknown>;
  if (type === 'ANAMNESIS') return anamnesisFlags(doc as unknown as AnamnesisDocument);
  if (type === 'PERIODIC_EVALUATION')
    return periodicEvaluationFlags(doc as unknown as PeriodicEvaluationDocument);
  if (type !== 'PHYSICAL_EVALUATION') return [];
  const vitals = { ...(doc.vitals as object), bmi: documentBmi(doc) };
  return physicalEvaluationFlags({ ...doc, vitals } as unknown as PhysicalEvaluationDocument);
}

export function isPositiveFlag(flag: RecordFlag): boolean {
  return POSITIVE_FLAGS.includes(flag.code);
}
