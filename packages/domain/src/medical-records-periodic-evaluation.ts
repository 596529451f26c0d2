import type { z } from 'zod';
import {
  freeText,
  measure,
  multiChoice,
  section,
  singleChoice,
  TEXT_LIMITS,
} from './medical-records-fields.ts';
import { RATINGS } from './medical-records-physical-evaluation.ts';
import { MEASURES, PAIN_BANDS, painBand } from './medical-records-thresholds.ts';
import { V } from './validation.ts';

/** Spec document 2, §2 "Periodic evaluation, sections A to I", with the spec's options as codes. */

export const WEEKS_SINCE_LAST_EVALUATION = [
  'WEEKS_1',
  'WEEKS_2',
  'WEEKS_3',
  'WEEKS_4_6',
  'WEEKS_OVER_6',
] as const;
export const SESSIONS_THIS_CYCLE = [
  'SESSIONS_1_5',
  'SESSIONS_6_10',
  'SESSIONS_11_15',
  'SESSIONS_OVER_15',
] as const;

/** much better ≥ 75 %, better 25–74 %, no change, worse. */
export const OVERALL_CHANGES = ['MUCH_BETTER', 'BETTER', 'NO_CHANGE', 'WORSE'] as const;
/** rare (< 1× a week), intermittent, constant. */
export const SYMPTOM_FREQUENCIES = ['RARE', 'INTERMITTENT', 'CONSTANT'] as const;
export const NEW_SYMPTOMS = [
  'NONE',
  'NEW_PAIN_AREA',
  'SWELLING',
  'NUMBNESS_TINGLING',
  'INSTABILITY',
  'OTHER',
] as const;
export const ACHIEVABLE_ACTIVITIES = [
  'PAIN_FREE_DAILY_ACTIVITIES',
  'FULL_WORK_DUTIES',
  'RECREATIONAL_EXERCISE',
  'SPORT_DRILLS',
  'FULL_SPORT',
  'STILL_LIMITED',
] as const;

/** ≥ 80 %, 50–79 %, 1–49 %, 0 %. */
export const HOME_EXERCISE_COMPLIANCE = [
  'COMPLIANCE_80_PLUS',
  'COMPLIANCE_50_79',
  'COMPLIANCE_1_49',
  'COMPLIANCE_0',
] as const;
export const PILATES_ATTENDANCE = ['ALL_SCHEDULED', 'MISSED_1_2', 'MISSED_OVER_2', 'PAUSED'] as const;
export const SLEEP_CHANGES = ['IMPROVED', 'SAME', 'WORSENED'] as const;
export const STRESS_CHANGES = ['LOWER', 'SAME', 'HIGHER'] as const;
export const NUTRITION_HYDRATION = ['ADEQUATE', 'NEEDS_WORK'] as const;

/** Each reassessed item: within normal limits (WNL), or how it moved since the last evaluation. */
export const REASSESSMENT_RESULTS = ['WNL', 'IMPROVED', 'UNCHANGED', 'WORSENED'] as const;

export const MAT_LEVELS = ['FUNDAMENTALS', 'BEGINNER_FLOW', 'INTERMEDIATE', 'ADVANCED'] as const;
export const APPARATUS_LEVELS = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;

/** ≥ 20 % better, 10–19 % better, no change or worse. */
export const DISABILITY_SCORE_CHANGES = ['IMPROVED_20_PLUS', 'IMPROVED_10_19', 'NO_CHANGE_OR_WORSE'] as const;
export const GOAL_STATUSES = ['MET', 'PARTIALLY_MET', 'NOT_MET'] as const;

export const RED_FLAG_CHECKS = [
  'NONE',
  'NIGHT_PAIN',
  'UNEXPLAINED_WEIGHT_LOSS',
  'FEVER_CHILLS',
  'BOWEL_BLADDER_CHANGES',
  'PROGRESSIVE_NEUROLOGICAL_DEFICIT',
] as const;
export const ADVERSE_EVENTS = ['NONE', 'SORENESS_OVER_48H', 'DIZZINESS', 'SKIN_REACTION', 'OTHER'] as const;

export const TREATMENT_FREQUENCY_CHANGES = [
  'MAINTAIN',
  'INCREASE',
  'DECREASE',
  'DISCHARGE_NEXT_VISIT',
] as const;
export const PROGRAM_ADJUSTMENTS = [
  'PROGRESS_LOAD_COMPLEXITY',
  'ADD_NEW_APPARATUS',
  'INTRODUCE_SPORT_DRILLS',
  'WORK_CONDITIONING',
  'MOVE_TO_MAINTENANCE',
] as const;
export const REFERRALS = ['PHYSICIAN', 'IMAGING', 'SPECIALIST'] as const;
export const GOAL_UPDATES = ['SET_NEW', 'CONTINUE_EXISTING'] as const;

const notes = freeText(TEXT_LIMITS.notes);
const result = singleChoice(REASSESSMENT_RESULTS);
const rating = singleChoice(RATINGS);

/** B: the 24-hour pain as a band, and optionally the 0–10 score; both given, the score must sit in the band. */
const subjectiveStatus = section({
  overallChange: singleChoice(OVERALL_CHANGES),
  averagePain24h: singleChoice(PAIN_BANDS),
  painScore: measure(MEASURES.painScore),
  symptomFrequency: singleChoice(SYMPTOM_FREQUENCIES),
  newSymptoms: multiChoice(NEW_SYMPTOMS),
  activitiesNowAchievable: multiChoice(ACHIEVABLE_ACTIVITIES),
  notes,
}).superRefine((values, ctx) => {
  if (values.averagePain24h === null || values.painScore === null) return;
  if (painBand(values.painScore) !== values.averagePain24h) {
    ctx.addIssue({ code: 'custom', path: ['painScore'], message: V.painBandMismatch });
  }
});

/** A's date is the record's date. */
export const PeriodicEvaluationDocument = section({
  visitDetails: section({
    weeksSinceLastEvaluation: singleChoice(WEEKS_SINCE_LAST_EVALUATION),
    sessionsThisCycle: singleChoice(SESSIONS_THIS_CYCLE),
    notes,
  }).prefault({}),
  subjectiveStatus: subjectiveStatus.prefault({}),
  adherenceAndLifestyle: section({
    homeExerciseCompliance: singleChoice(HOME_EXERCISE_COMPLIANCE),
    pilatesAttendance: singleChoice(PILATES_ATTENDANCE),
    sleep: singleChoice(SLEEP_CHANGES),
    stress: singleChoice(STRESS_CHANGES),
    nutritionHydration: singleChoice(NUTRITION_HYDRATION),
    notes,
  }).prefault({}),
  /** D: each item WNL or its change; hamstring, plank, balance and FMS also measured (and flagged). */
  objectiveReassessment: section({
    postureAlignment: result,
    cervicalRom: result,
    shoulderRom: result,
    lumbarFlexionExtension: result,
    hipMobility: result,
    hamstringLength: result,
    hamstringLeftDeg: measure(MEASURES.hamstringDeg),
    hamstringRightDeg: measure(MEASURES.hamstringDeg),
    coreEndurancePlank: result,
    plankSeconds: measure(MEASURES.plankSeconds),
    gluteStrength: result,
    singleLegBalance: result,
    singleLegStanceLeftSeconds: measure(MEASURES.singleLegStanceSeconds),
    singleLegStanceRightSeconds: measure(MEASURES.singleLegStanceSeconds),
    functionalMovement: result,
    functionalMovementScore: measure(MEASURES.fmsTotal),
    notes,
  }).prefault({}),
  pilatesProficiency: section({
    matLevel: singleChoice(MAT_LEVELS),
    reformerLevel: singleChoice(APPARATUS_LEVELS),
    cadillacLevel: singleChoice(APPARATUS_LEVELS),
    chairLevel: singleChoice(APPARATUS_LEVELS),
    breathing: rating,
    centering: rating,
    control: rating,
    notes,
  }).prefault({}),
  outcomeMeasures: section({
    disabilityScoreChange: singleChoice(DISABILITY_SCORE_CHANGES),
    patientSpecificFunctionalScale: measure(MEASURES.psfsScore),
    goalsStatus: singleChoice(GOAL_STATUSES),
    notes,
  }).prefault({}),
  redFlagCheck: section({ findings: multiChoice(RED_FLAG_CHECKS), notes }).prefault({}),
  adverseEvents: section({ events: multiChoice(ADVERSE_EVENTS), notes }).prefault({}),
  planForward: section({
    treatmentFrequency: singleChoice(TREATMENT_FREQUENCY_CHANGES),
    programAdjustments: multiChoice(PROGRAM_ADJUSTMENTS),
    referrals: multiChoice(REFERRALS),
    updatedGoals: singleChoice(GOAL_UPDATES),
    goalsDescription: freeText(TEXT_LIMITS.notes),
    notes,
  }).prefault({}),
});
export type PeriodicEvaluationDocumentInput = z.input<typeof PeriodicEvaluationDocument>;
export type PeriodicEvaluationDocument = z.output<typeof PeriodicEvaluationDocument>;

/** Sections A–I in the form's order. */
export const PERIODIC_EVALUATION_SECTIONS = [
  'visitDetails',
  'subjectiveStatus',
  'adherenceAndLifestyle',
  'objectiveReassessment',
  'pilatesProficiency',
  'outcomeMeasures',
  'redFlagCheck',
  'adverseEvents',
  'planForward',
] as const;
