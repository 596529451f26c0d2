import type { z } from 'zod';
import {
  freeText,
  multiChoice,
  optionalDate,
  section,
  singleChoice,
  TEXT_LIMITS,
} from './medical-records-fields.ts';

/** Spec document 2, §2 "Treatment plan": interventions, frequency and duration, equipment and referrals. */

export const MANUAL_THERAPY = [
  'SOFT_TISSUE_RELEASE',
  'JOINT_MOBILISATION',
  'MANIPULATION',
  'MYOFASCIAL_RELEASE',
] as const;
export const THERAPEUTIC_EXERCISE = [
  'RANGE_OF_MOTION_DRILLS',
  'STRETCHING',
  'STRENGTHENING',
  'NEUROMUSCULAR_REEDUCATION',
  'MAT_FUNDAMENTALS',
  'REFORMER',
  'CHAIR_CADILLAC',
  'SPORT_SPECIFIC_CONDITIONING',
  'FUNCTIONAL_MOVEMENT_RETRAINING',
] as const;
export const MODALITIES = [
  'HEAT_CRYOTHERAPY',
  'TENS_NMES',
  'ULTRASOUND',
  'DRY_NEEDLING',
  'KINESIO_TAPING',
  'TRACTION',
  'BRACING_ORTHOSIS',
] as const;
export const EDUCATION_TOPICS = [
  'POSTURE_ERGONOMICS',
  'BODY_MECHANICS',
  'BREATHING_RELAXATION',
  'HOME_EXERCISE_PROGRAM',
  'LIFESTYLE_SLEEP_HYDRATION',
] as const;

export const SESSIONS_PER_WEEK = ['ONCE_A_WEEK', 'TWICE_A_WEEK', 'THREE_TIMES_A_WEEK'] as const;
export const CYCLE_LENGTHS = ['WEEKS_3', 'WEEKS_4', 'WEEKS_6', 'WEEKS_8'] as const;
export const HOME_PROGRAM_DOSAGES = ['DAILY', 'FIVE_TIMES_A_WEEK', 'THREE_TIMES_A_WEEK'] as const;
export const REEVALUATION_INTERVALS = ['IN_4_WEEKS', 'IN_6_WEEKS'] as const;

export const EQUIPMENT_AND_REFERRALS = [
  'NONE',
  'BRACE_SPLINT',
  'ASSISTIVE_DEVICE',
  'IMAGING_REQUEST',
  'PHYSICIAN_FOLLOW_UP',
  'NUTRITION_MENTAL_HEALTH_CONSULT',
  'OTHER',
] as const;

const shortText = freeText(TEXT_LIMITS.short);

/** The re-evaluation date may not fall before the record's date: checked with the record (medical-records.ts). */
export const TreatmentDocument = section({
  interventions: section({
    manualTherapy: multiChoice(MANUAL_THERAPY),
    therapeuticExercise: multiChoice(THERAPEUTIC_EXERCISE),
    modalities: multiChoice(MODALITIES),
    education: multiChoice(EDUCATION_TOPICS),
    notes: freeText(TEXT_LIMITS.notes),
  }).prefault({}),
  frequencyAndDuration: section({
    inClinicSessions: singleChoice(SESSIONS_PER_WEEK),
    cycleLength: singleChoice(CYCLE_LENGTHS),
    homeProgramDosage: singleChoice(HOME_PROGRAM_DOSAGES),
    nextReevaluation: singleChoice(REEVALUATION_INTERVALS),
    nextReevaluationDate: optionalDate(),
    otherFrequency: shortText,
    otherDosage: shortText,
  }).prefault({}),
  equipmentAndReferrals: section({
    items: multiChoice(EQUIPMENT_AND_REFERRALS),
    otherEquipment: shortText,
  }).prefault({}),
  observations: freeText(TEXT_LIMITS.notes),
});
export type TreatmentDocumentInput = z.input<typeof TreatmentDocument>;
export type TreatmentDocument = z.output<typeof TreatmentDocument>;

export const TREATMENT_SECTIONS = [
  'interventions',
  'frequencyAndDuration',
  'equipmentAndReferrals',
  'observations',
] as const;
