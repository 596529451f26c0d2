import type { z } from 'zod';
import {
  freeText,
  measure,
  multiChoice,
  section,
  singleChoice,
  TEXT_LIMITS,
} from './medical-records-fields.ts';
import { MEASURES } from './medical-records-thresholds.ts';

/** Spec document 2, §2 "Anamnesis sections" A–D: every answer is a multi-choice option set. */

export const MAIN_REASONS = [
  'PAIN',
  'STIFFNESS',
  'POSTURE',
  'INJURY_REHABILITATION',
  'POST_SURGERY_REHABILITATION',
  'PREGNANCY_POSTPARTUM',
  'GENERAL_FITNESS',
  'SPORT_PERFORMANCE',
  'STRESS_RELIEF',
  'PREVENTION',
  'OTHER',
] as const;

export const BODY_REGIONS = [
  'HEAD_JAW',
  'NECK',
  'UPPER_BACK',
  'LOWER_BACK',
  'CHEST_RIBS',
  'SHOULDER',
  'ELBOW',
  'WRIST_HAND',
  'PELVIS_SACROILIAC',
  'HIP',
  'KNEE',
  'ANKLE_FOOT',
  'WHOLE_BODY',
  'OTHER',
] as const;

export const ONSETS = [
  'SUDDEN',
  'GRADUAL',
  'AFTER_TRAUMA',
  'AFTER_SURGERY',
  'RECURRENT',
  'ACUTE_UNDER_6_WEEKS',
  'SUBACUTE_6_TO_12_WEEKS',
  'CHRONIC_OVER_12_WEEKS',
  'UNKNOWN',
] as const;

export const PAIN_QUALITIES = [
  'ACHING',
  'SHARP',
  'STABBING',
  'BURNING',
  'THROBBING',
  'SHOOTING',
  'TINGLING',
  'NUMBNESS',
  'STIFFNESS',
  'CRAMPING',
] as const;

export const AGGRAVATING_FACTORS = [
  'SITTING',
  'STANDING',
  'WALKING',
  'BENDING',
  'LIFTING',
  'TWISTING',
  'REACHING_OVERHEAD',
  'STAIRS',
  'LYING_DOWN',
  'MORNING',
  'END_OF_DAY',
  'EXERCISE',
  'STRESS',
  'COUGH_SNEEZE',
] as const;

export const EASING_FACTORS = [
  'REST',
  'MOVEMENT',
  'HEAT',
  'ICE',
  'STRETCHING',
  'MEDICATION',
  'MASSAGE',
  'CHANGING_POSITION',
  'LYING_DOWN',
  'NOTHING_HELPS',
] as const;

export const RED_FLAG_SYMPTOMS = [
  'NONE',
  'UNEXPLAINED_WEIGHT_LOSS',
  'NIGHT_PAIN',
  'FEVER_CHILLS',
  'BOWEL_BLADDER_CHANGES',
  'SADDLE_NUMBNESS',
  'PROGRESSIVE_WEAKNESS',
  'CHEST_PAIN',
  'DIZZINESS_FAINTING',
  'HISTORY_OF_CANCER',
  'RECENT_TRAUMA',
] as const;

export const PAST_DIAGNOSES = [
  'NONE',
  'HYPERTENSION',
  'DIABETES',
  'HEART_DISEASE',
  'ASTHMA',
  'RESPIRATORY_DISEASE',
  'OSTEOPOROSIS',
  'OSTEOARTHRITIS',
  'RHEUMATOID_ARTHRITIS',
  'DISC_HERNIATION',
  'SCOLIOSIS',
  'FIBROMYALGIA',
  'NEUROLOGICAL_DISORDER',
  'THYROID_DISORDER',
  'CANCER',
  'DEPRESSION_ANXIETY',
  'OTHER',
] as const;

export const SURGERIES = [
  'NONE',
  'SPINE',
  'SHOULDER',
  'WRIST_HAND',
  'HIP',
  'KNEE',
  'ANKLE_FOOT',
  'ABDOMINAL',
  'CESAREAN',
  'CARDIAC',
  'BREAST',
  'OTHER',
] as const;

export const MEDICATIONS = [
  'NONE',
  'ANALGESICS',
  'ANTI_INFLAMMATORIES',
  'MUSCLE_RELAXANTS',
  'CORTICOSTEROIDS',
  'ANTIHYPERTENSIVES',
  'ANTICOAGULANTS',
  'ANTIDIABETICS',
  'ANTIDEPRESSANTS_ANXIOLYTICS',
  'HORMONAL',
  'OTHER',
] as const;

export const ALLERGIES = [
  'NONE',
  'MEDICATION',
  'LATEX',
  'ADHESIVE_TAPE',
  'FOOD',
  'ENVIRONMENTAL',
  'OTHER',
] as const;

export const IMPLANTS = [
  'NONE',
  'PACEMAKER',
  'JOINT_REPLACEMENT',
  'SPINAL_HARDWARE',
  'PLATES_SCREWS',
  'STENT',
  'BREAST_IMPLANTS',
  'IUD',
  'OTHER',
] as const;

export const WOMENS_HEALTH = [
  'NOT_APPLICABLE',
  'PREGNANT',
  'POSTPARTUM',
  'BREASTFEEDING',
  'MENOPAUSE',
  'PELVIC_FLOOR_DYSFUNCTION',
  'DIASTASIS_RECTI',
  'MENSTRUAL_PAIN',
] as const;

export const WORK_DEMANDS = [
  'DESK_WORK',
  'COMPUTER_USE',
  'PROLONGED_STANDING',
  'HEAVY_LIFTING',
  'REPETITIVE_MOVEMENTS',
  'DRIVING',
  'SHIFT_WORK',
  'CAREGIVING',
  'STUDENT',
  'RETIRED',
] as const;

export const ACTIVITY_LEVELS = [
  'SEDENTARY',
  'LIGHTLY_ACTIVE',
  'MODERATELY_ACTIVE',
  'VERY_ACTIVE',
  'ATHLETE',
] as const;

export const EXERCISE_TYPES = [
  'NONE',
  'WALKING',
  'RUNNING',
  'CYCLING',
  'SWIMMING',
  'WEIGHT_TRAINING',
  'YOGA',
  'PILATES',
  'TEAM_SPORTS',
  'MARTIAL_ARTS',
  'DANCE',
  'OTHER',
] as const;

export const LIFESTYLE_FACTORS = [
  'SMOKING',
  'ALCOHOL',
  'HIGH_STRESS',
  'POOR_DIET',
  'LOW_HYDRATION',
  'LONG_SCREEN_TIME',
  'LONG_COMMUTE',
] as const;

export const SLEEP_QUALITIES = [
  'GOOD',
  'FAIR',
  'POOR',
  'DIFFICULTY_FALLING_ASLEEP',
  'WAKES_WITH_PAIN',
  'UNDER_6_HOURS',
  'SLEEP_APNEA',
] as const;

export const DAILY_ACTIVITIES = [
  'NONE',
  'DRESSING',
  'BATHING',
  'HOUSEWORK',
  'LIFTING_CARRYING',
  'CLIMBING_STAIRS',
  'LONG_WALKS',
  'SITTING_LONG_PERIODS',
  'DRIVING',
  'WORK_TASKS',
  'SLEEPING',
  'SPORTS',
] as const;

export const PREVIOUS_TREATMENTS = [
  'NONE',
  'PHYSIOTHERAPY',
  'PILATES',
  'CHIROPRACTIC',
  'OSTEOPATHY',
  'ACUPUNCTURE',
  'MASSAGE',
  'MEDICATION',
  'INJECTIONS',
  'SURGERY',
  'PSYCHOLOGICAL_SUPPORT',
  'OTHER',
] as const;

export const CLIENT_GOALS = [
  'PAIN_RELIEF',
  'POSTURE',
  'FLEXIBILITY',
  'CORE_STABILITY',
  'GENERAL_STRENGTH',
  'BALANCE',
  'RETURN_TO_SPORT',
  'INJURY_PREVENTION',
  'STRESS_MANAGEMENT',
  'WEIGHT_MANAGEMENT',
  'PRE_POSTNATAL',
  'BODY_AWARENESS',
] as const;

export const TREATMENT_METHODS = [
  'MAT_PILATES',
  'APPARATUS_PILATES',
  'PRIVATE_SESSIONS',
  'GROUP_CLASSES',
  'MANUAL_THERAPY',
  'THERAPEUTIC_EXERCISE',
  'HOME_EXERCISE_PROGRAM',
  'ONLINE_SESSIONS',
] as const;

/** What the person agreed to, each ticked separately (LGPD wants consent per purpose). */
export const CONSENTS = [
  'TREATMENT_CONSENT',
  'HEALTH_DATA_CONSENT',
  'PHOTO_VIDEO_CONSENT',
  'MESSAGE_CONSENT',
] as const;

export const REFERRAL_SOURCES = [
  'FRIEND_FAMILY',
  'PHYSICIAN_REFERRAL',
  'INSTAGRAM',
  'FACEBOOK',
  'GOOGLE',
  'WEBSITE',
  'WALK_IN',
  'EVENT',
  'OTHER',
] as const;

/** A PAR-Q+ answer; unanswered is null, never "no". */
export const YES_NO = ['YES', 'NO'] as const;

/**
 * The seven general health questions of the PAR-Q+ (2023 edition, PAR-Q+ Collaboration; decision 044), in the
 * form's order. A "yes" to any of them is what the form itself sends on to its follow-up pages or a
 * qualified professional: the draft is flagged for review (anamnesisFlags).
 */
export const PAR_Q_PLUS_QUESTIONS = [
  'heartConditionOrHighBloodPressure',
  'chestPain',
  'dizzinessOrLossOfConsciousness',
  'otherChronicCondition',
  'prescribedMedication',
  'boneJointOrSoftTissueProblem',
  'medicallySupervisedOnly',
] as const;

const notes = freeText(TEXT_LIMITS.notes);
const yesNo = singleChoice(YES_NO);

export const AnamnesisDocument = section({
  /** A — presenting complaint; the pain intensity (0–10) flags severe pain. */
  presentingComplaint: section({
    mainReason: multiChoice(MAIN_REASONS),
    bodyRegion: multiChoice(BODY_REGIONS),
    onset: multiChoice(ONSETS),
    painQuality: multiChoice(PAIN_QUALITIES),
    painIntensity: measure(MEASURES.painScore),
    worseWith: multiChoice(AGGRAVATING_FACTORS),
    betterWith: multiChoice(EASING_FACTORS),
    redFlagSymptoms: multiChoice(RED_FLAG_SYMPTOMS),
    notes,
  }).prefault({}),
  /** B — medical and surgical history. */
  medicalHistory: section({
    pastDiagnoses: multiChoice(PAST_DIAGNOSES),
    surgeries: multiChoice(SURGERIES),
    regularMedication: multiChoice(MEDICATIONS),
    allergies: multiChoice(ALLERGIES),
    implants: multiChoice(IMPLANTS),
    womensHealth: multiChoice(WOMENS_HEALTH),
    notes,
  }).prefault({}),
  /** C — lifestyle; alcohol in units a week (flagged above 14). */
  lifestyle: section({
    workDemands: multiChoice(WORK_DEMANDS),
    activityLevel: multiChoice(ACTIVITY_LEVELS),
    regularExercise: multiChoice(EXERCISE_TYPES),
    lifestyleFactors: multiChoice(LIFESTYLE_FACTORS),
    alcoholUnitsPerWeek: measure(MEASURES.alcoholUnitsPerWeek),
    sleepQuality: multiChoice(SLEEP_QUALITIES),
    limitedDailyActivities: multiChoice(DAILY_ACTIVITIES),
    notes,
  }).prefault({}),
  /** D — goals, consent and how the person heard about the clinic. */
  goals: section({
    previousTreatments: multiChoice(PREVIOUS_TREATMENTS),
    goals: multiChoice(CLIENT_GOALS),
    treatmentMethodsOfInterest: multiChoice(TREATMENT_METHODS),
    consent: multiChoice(CONSENTS),
    heardAboutUs: multiChoice(REFERRAL_SOURCES),
    notes,
  }).prefault({}),
  /** E — PAR-Q+ readiness (decision 044): the customer answers it in the portal when the studio asks for it. */
  parQPlus: section({
    heartConditionOrHighBloodPressure: yesNo,
    chestPain: yesNo,
    dizzinessOrLossOfConsciousness: yesNo,
    otherChronicCondition: yesNo,
    prescribedMedication: yesNo,
    boneJointOrSoftTissueProblem: yesNo,
    medicallySupervisedOnly: yesNo,
  }).prefault({}),
});
export type AnamnesisDocumentInput = z.input<typeof AnamnesisDocument>;
export type AnamnesisDocument = z.output<typeof AnamnesisDocument>;

export const ANAMNESIS_SECTIONS = [
  'presentingComplaint',
  'medicalHistory',
  'lifestyle',
  'goals',
  'parQPlus',
] as const;
