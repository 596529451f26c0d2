import { z } from 'zod';
import {
  freeText,
  measure,
  multiChoice,
  section,
  singleChoice,
  TEXT_LIMITS,
} from './medical-records-fields.ts';
import { bodyMassIndex, MEASURES } from './medical-records-thresholds.ts';
import { V } from './validation.ts';

/** Spec document 2, §2 "Physical evaluation (initial assessment)": eleven sections, the last 'Readiness and Goals'. */

export const RATINGS = ['GOOD', 'FAIR', 'POOR'] as const;

export const POSTURAL_FINDINGS = [
  'NONE',
  'FORWARD_HEAD',
  'ROUNDED_SHOULDERS',
  'SHOULDER_ASYMMETRY',
  'SCAPULAR_WINGING',
  'INCREASED_KYPHOSIS',
  'FLAT_THORACIC_SPINE',
  'INCREASED_LORDOSIS',
  'FLAT_LUMBAR_SPINE',
  'SCOLIOSIS',
  'ANTERIOR_PELVIC_TILT',
  'POSTERIOR_PELVIC_TILT',
  'PELVIC_OBLIQUITY',
  'GENU_VALGUM',
  'GENU_VARUM',
  'GENU_RECURVATUM',
  'FLAT_FEET',
  'HIGH_ARCHES',
] as const;

export const BREATHING_PATTERNS = [
  'DIAPHRAGMATIC',
  'LATERAL_COSTAL',
  'APICAL_CHEST',
  'PARADOXICAL',
  'BREATH_HOLDING',
  'MOUTH_BREATHING',
] as const;

export const CORE_FINDINGS = [
  'NONE',
  'DIASTASIS_RECTI',
  'ABDOMINAL_DOMING',
  'RIB_FLARE',
  'PELVIC_FLOOR_WEAKNESS',
  'CANNOT_HOLD_NEUTRAL_SPINE',
  'POOR_LUMBOPELVIC_CONTROL',
] as const;

export const ROM_GRADES = ['WNL', 'MILD_RESTRICTION', 'MODERATE_RESTRICTION', 'SEVERE_RESTRICTION'] as const;

export const ROM_REGIONS = [
  'CERVICAL',
  'THORACIC',
  'LUMBAR',
  'SHOULDER',
  'HIP',
  'KNEE',
  'ANKLE_FOOT',
] as const;

export const SHORTENED_MUSCLES = [
  'NONE',
  'HAMSTRINGS',
  'HIP_FLEXORS',
  'QUADRICEPS',
  'CALVES',
  'PIRIFORMIS',
  'PECTORALS',
  'UPPER_TRAPEZIUS',
  'LATISSIMUS_DORSI',
] as const;

export const MUSCLE_GROUPS = [
  'NONE',
  'DEEP_ABDOMINALS',
  'OBLIQUES',
  'BACK_EXTENSORS',
  'GLUTEUS_MAXIMUS',
  'GLUTEUS_MEDIUS',
  'QUADRICEPS',
  'HAMSTRINGS',
  'SCAPULAR_STABILIZERS',
  'PELVIC_FLOOR',
] as const;

export const BALANCE_FINDINGS = [
  'STABLE',
  'EXCESSIVE_SWAY',
  'HIP_DROP',
  'KNEE_VALGUS',
  'NEEDS_ARMS',
  'LOSS_OF_BALANCE',
  'FEAR_OF_FALLING',
] as const;

export const CARDIO_SYMPTOMS = [
  'NONE',
  'SHORTNESS_OF_BREATH',
  'CHEST_PAIN',
  'DIZZINESS',
  'PALPITATIONS',
  'EXCESSIVE_FATIGUE',
] as const;

/** Tests found positive; NONE when every test done was negative. */
export const SPECIAL_TESTS = [
  'NONE',
  'STRAIGHT_LEG_RAISE',
  'SLUMP',
  'FABER',
  'FADIR',
  'TRENDELENBURG',
  'THOMAS',
  'OBER',
  'SACROILIAC_PROVOCATION',
  'NEER',
  'HAWKINS_KENNEDY',
  'EMPTY_CAN',
  'SPURLING',
  'PHALEN',
  'MCMURRAY',
  'LACHMAN',
  'ANTERIOR_DRAWER',
] as const;

/** Spec: cleared for full mat Pilates, cleared for apparatus, needs modified program. */
export const EXERCISE_READINESS = [
  'CLEARED_FULL_MAT',
  'CLEARED_APPARATUS',
  'NEEDS_MODIFIED_PROGRAM',
] as const;

/** Spec: pain relief, posture, flexibility, core stability, sport specific, stress management. */
export const PRIMARY_GOALS = [
  'PAIN_RELIEF',
  'POSTURE',
  'FLEXIBILITY',
  'CORE_STABILITY',
  'SPORT_SPECIFIC',
  'STRESS_MANAGEMENT',
] as const;

/** The seven tests of the Functional Movement Screen, each scored 0–3. */
export const FMS_TESTS = [
  'deepSquat',
  'hurdleStep',
  'inlineLunge',
  'shoulderMobility',
  'activeStraightLegRaise',
  'trunkStabilityPushUp',
  'rotaryStability',
] as const;

const notes = freeText(TEXT_LIMITS.notes);
const fmsScore = measure(MEASURES.fmsTestScore);

/** Section 1. The BMI is always computed from height and weight; a BMI sent in is ignored. */
const vitals = section({
  heightCm: measure(MEASURES.heightCm),
  weightKg: measure(MEASURES.weightKg),
  bmi: z.number(V.number).nullish(),
  restingHeartRateBpm: measure(MEASURES.heartRateBpm),
  systolicMmHg: measure(MEASURES.systolicMmHg),
  diastolicMmHg: measure(MEASURES.diastolicMmHg),
  notes,
})
  .superRefine((values, ctx) => {
    const { systolicMmHg: systolic, diastolicMmHg: diastolic } = values;
    if (systolic !== null && diastolic !== null && diastolic >= systolic) {
      ctx.addIssue({ code: 'custom', path: ['diastolicMmHg'], message: V.bloodPressureOrder });
    }
  })
  .transform((values) => ({ ...values, bmi: bodyMassIndex(values.heightCm, values.weightKg) }));

export const PhysicalEvaluationDocument = section({
  vitals: vitals.prefault({}),
  posturalObservation: section({ findings: multiChoice(POSTURAL_FINDINGS), notes }).prefault({}),
  breathingAndCore: section({
    breathingPattern: multiChoice(BREATHING_PATTERNS),
    coreControl: singleChoice(RATINGS),
    coreFindings: multiChoice(CORE_FINDINGS),
    notes,
  }).prefault({}),
  rangeOfMotion: section({
    cervical: singleChoice(ROM_GRADES),
    thoracic: singleChoice(ROM_GRADES),
    lumbar: singleChoice(ROM_GRADES),
    shoulder: singleChoice(ROM_GRADES),
    hip: singleChoice(ROM_GRADES),
    knee: singleChoice(ROM_GRADES),
    ankleFoot: singleChoice(ROM_GRADES),
    painfulRegions: multiChoice(ROM_REGIONS),
    notes,
  }).prefault({}),
  /** Straight-leg raise per side (flagged below 70°). */
  flexibilityTests: section({
    hamstringLeftDeg: measure(MEASURES.hamstringDeg),
    hamstringRightDeg: measure(MEASURES.hamstringDeg),
    sitAndReachCm: measure(MEASURES.sitAndReachCm),
    shortenedMuscles: multiChoice(SHORTENED_MUSCLES),
    notes,
  }).prefault({}),
  /** Plank flagged weak below 20 s, strong from 60 s. */
  strengthAndEndurance: section({
    plankSeconds: measure(MEASURES.plankSeconds),
    sidePlankLeftSeconds: measure(MEASURES.plankSeconds),
    sidePlankRightSeconds: measure(MEASURES.plankSeconds),
    weakMuscleGroups: multiChoice(MUSCLE_GROUPS),
    notes,
  }).prefault({}),
  balance: section({
    singleLegStanceLeftSeconds: measure(MEASURES.singleLegStanceSeconds),
    singleLegStanceRightSeconds: measure(MEASURES.singleLegStanceSeconds),
    findings: multiChoice(BALANCE_FINDINGS),
    notes,
  }).prefault({}),
  functionalMovementScreen: section({
    deepSquat: fmsScore,
    hurdleStep: fmsScore,
    inlineLunge: fmsScore,
    shoulderMobility: fmsScore,
    activeStraightLegRaise: fmsScore,
    trunkStabilityPushUp: fmsScore,
    rotaryStability: fmsScore,
    notes,
  }).prefault({}),
  /** Heart rate one minute after the step test (flagged from 100 bpm). */
  cardiorespiratoryScreen: section({
    stepTestRecoveryBpm: measure(MEASURES.stepTestRecoveryBpm),
    perceivedExertion: measure(MEASURES.perceivedExertion),
    symptoms: multiChoice(CARDIO_SYMPTOMS),
    notes,
  }).prefault({}),
  specialTests: section({ positiveTests: multiChoice(SPECIAL_TESTS), notes }).prefault({}),
  readinessAndGoals: section({
    exerciseReadiness: multiChoice(EXERCISE_READINESS),
    primaryGoals: multiChoice(PRIMARY_GOALS),
    notes,
  }).prefault({}),
});
export type PhysicalEvaluationDocumentInput = z.input<typeof PhysicalEvaluationDocument>;
export type PhysicalEvaluationDocument = z.output<typeof PhysicalEvaluationDocument>;

/** Sections 1–11 in the form's order. */
export const PHYSICAL_EVALUATION_SECTIONS = [
  'vitals',
  'posturalObservation',
  'breathingAndCore',
  'rangeOfMotion',
  'flexibilityTests',
  'strengthAndEndurance',
  'balance',
  'functionalMovementScreen',
  'cardiorespiratoryScreen',
  'specialTests',
  'readinessAndGoals',
] as const;
