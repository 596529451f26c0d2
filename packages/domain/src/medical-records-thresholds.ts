/**
 * The clinical forms' measures: the bounds a value must fall within to be saved, and the thresholds past
 * which the form and the summary flag it (spec document 2, §2 "Clinical thresholds used in the forms").
 * Pure functions, so the form flags as the value is typed and the summary flags what was saved.
 */

/** Accepted ranges; a value outside is a typing error (400 naming the field), not a clinical finding. */
export const MEASURES = {
  heightCm: { min: 50, max: 250 },
  weightKg: { min: 10, max: 350 },
  heartRateBpm: { min: 30, max: 220, integer: true },
  systolicMmHg: { min: 60, max: 260, integer: true },
  diastolicMmHg: { min: 30, max: 160, integer: true },
  painScore: { min: 0, max: 10, integer: true },
  plankSeconds: { min: 0, max: 600, integer: true },
  hamstringDeg: { min: 0, max: 180, integer: true },
  sitAndReachCm: { min: -40, max: 60 },
  singleLegStanceSeconds: { min: 0, max: 300, integer: true },
  stepTestRecoveryBpm: { min: 30, max: 220, integer: true },
  /** Borg's rating of perceived exertion. */
  perceivedExertion: { min: 6, max: 20, integer: true },
  /** Each of the seven Functional Movement Screen tests, and their sum. */
  fmsTestScore: { min: 0, max: 3, integer: true },
  fmsTotal: { min: 0, max: 21, integer: true },
  alcoholUnitsPerWeek: { min: 0, max: 200 },
  /** Patient-Specific Functional Scale: the mean of the activities' 0–10 scores. */
  psfsScore: { min: 0, max: 10 },
} as const;

export const THRESHOLDS = {
  /** Straight-leg raise below 70° is short hamstrings. */
  hamstringShortBelowDeg: 70,
  plankWeakBelowSeconds: 20,
  plankStrongFromSeconds: 60,
  /** More than 14 units a week is above the low-risk drinking guideline. */
  alcoholUnitsPerWeekLimit: 14,
  /** A heart rate still at 100 bpm or more one minute after the step test is a slow recovery. */
  stepTestRecoveryFlagFromBpm: 100,
  painMildFrom: 1,
  painModerateFrom: 4,
  painSevereFrom: 7,
  singleLegStanceTargetSeconds: 10,
  bmiUnderweightBelow: 18.5,
  bmiOverweightFrom: 25,
  bmiObeseFrom: 30,
  systolicHighFrom: 140,
  diastolicHighFrom: 90,
  systolicLowBelow: 90,
  diastolicLowBelow: 60,
  restingHeartRateLowBelow: 50,
  restingHeartRateHighAbove: 100,
  /** An FMS total of 14 or less goes with a higher injury risk. */
  fmsAtRiskUpTo: 14,
} as const;

export const FLAG_CODES = [
  'BMI_UNDERWEIGHT',
  'BMI_OVERWEIGHT',
  'BMI_OBESE',
  'BLOOD_PRESSURE_HIGH',
  'BLOOD_PRESSURE_LOW',
  'HEART_RATE_LOW',
  'HEART_RATE_HIGH',
  'HAMSTRING_SHORT',
  'PLANK_WEAK',
  'PLANK_STRONG',
  'SINGLE_LEG_STANCE_POOR',
  'STEP_TEST_RECOVERY_SLOW',
  'FMS_INJURY_RISK',
  'ALCOHOL_ABOVE_LIMIT',
  'PAIN_SEVERE',
  'RED_FLAGS_PRESENT',
  'ADVERSE_EVENTS',
  'PAR_Q_POSITIVE',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

/** Flags that praise rather than warn; the form shows them in another colour. */
export const POSITIVE_FLAGS: readonly FlagCode[] = ['PLANK_STRONG'];

type Reading = number | null | undefined;
const isNumber = (value: Reading): value is number => typeof value === 'number' && Number.isFinite(value);

/** kg / m², rounded to one decimal; null until both height and weight are known. */
export function bodyMassIndex(heightCm: Reading, weightKg: Reading): number | null {
  if (!isNumber(heightCm) || !isNumber(weightKg) || heightCm <= 0) return null;
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10 + Number.EPSILON) / 10;
}

export function bmiFlag(bmi: Reading): FlagCode | null {
  if (!isNumber(bmi)) return null;
  if (bmi < THRESHOLDS.bmiUnderweightBelow) return 'BMI_UNDERWEIGHT';
  if (bmi >= THRESHOLDS.bmiObeseFrom) return 'BMI_OBESE';
  if (bmi >= THRESHOLDS.bmiOverweightFrom) return 'BMI_OVERWEIGHT';
  return null;
}

export function bloodPressureFlag(systolic: Reading, diastolic: Reading): FlagCode | null {
  const high =
    (isNumber(systolic) && systolic >= THRESHOLDS.systolicHighFrom) ||
    (isNumber(diastolic) && diastolic >= THRESHOLDS.diastolicHighFrom);
  if (high) return 'BLOOD_PRESSURE_HIGH';
  const low =
    (isNumber(systolic) && systolic < THRESHOLDS.systolicLowBelow) ||
    (isNumber(diastolic) && diastolic < THRESHOLDS.diastolicLowBelow);
  return low ? 'BLOOD_PRESSURE_LOW' : null;
}

export function restingHeartRateFlag(bpm: Reading): FlagCode | null {
  if (!isNumber(bpm)) return null;
  if (bpm < THRESHOLDS.restingHeartRateLowBelow) return 'HEART_RATE_LOW';
  return bpm > THRESHOLDS.restingHeartRateHighAbove ? 'HEART_RATE_HIGH' : null;
}

export function hamstringFlag(degrees: Reading): FlagCode | null {
  return isNumber(degrees) && degrees < THRESHOLDS.hamstringShortBelowDeg ? 'HAMSTRING_SHORT' : null;
}

export function plankFlag(seconds: Reading): FlagCode | null {
  if (!isNumber(seconds)) return null;
  if (seconds < THRESHOLDS.plankWeakBelowSeconds) return 'PLANK_WEAK';
  return seconds >= THRESHOLDS.plankStrongFromSeconds ? 'PLANK_STRONG' : null;
}

export function singleLegStanceFlag(seconds: Reading): FlagCode | null {
  return isNumber(seconds) && seconds < THRESHOLDS.singleLegStanceTargetSeconds
    ? 'SINGLE_LEG_STANCE_POOR'
    : null;
}

export function stepTestRecoveryFlag(bpmAfterOneMinute: Reading): FlagCode | null {
  return isNumber(bpmAfterOneMinute) && bpmAfterOneMinute >= THRESHOLDS.stepTestRecoveryFlagFromBpm
    ? 'STEP_TEST_RECOVERY_SLOW'
    : null;
}

export function fmsFlag(total: Reading): FlagCode | null {
  return isNumber(total) && total <= THRESHOLDS.fmsAtRiskUpTo ? 'FMS_INJURY_RISK' : null;
}

export function alcoholFlag(unitsPerWeek: Reading): FlagCode | null {
  return isNumber(unitsPerWeek) && unitsPerWeek > THRESHOLDS.alcoholUnitsPerWeekLimit
    ? 'ALCOHOL_ABOVE_LIMIT'
    : null;
}

export function painFlag(score: Reading): FlagCode | null {
  return isNumber(score) && score >= THRESHOLDS.painSevereFrom ? 'PAIN_SEVERE' : null;
}

/** The periodic evaluation's 24-hour pain bands (spec: none 0, mild 1–3, moderate 4–6, severe 7–10). */
export const PAIN_BANDS = ['PAIN_NONE', 'PAIN_MILD', 'PAIN_MODERATE', 'PAIN_SEVERE'] as const;
export type PainBand = (typeof PAIN_BANDS)[number];

export function painBand(score: Reading): PainBand | null {
  if (!isNumber(score)) return null;
  if (score >= THRESHOLDS.painSevereFrom) return 'PAIN_SEVERE';
  if (score >= THRESHOLDS.painModerateFrom) return 'PAIN_MODERATE';
  return score >= THRESHOLDS.painMildFrom ? 'PAIN_MILD' : 'PAIN_NONE';
}

/** The Functional Movement Screen total, once every test is scored (a partial sum would look like a risk). */
export function fmsTotal(scores: readonly Reading[]): number | null {
  const scored = scores.filter(isNumber);
  if (scored.length === 0 || scored.length < scores.length) return null;
  return scored.reduce((sum, score) => sum + score, 0);
}
