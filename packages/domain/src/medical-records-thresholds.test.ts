import { describe, expect, it } from 'vitest';
import { AnamnesisDocument } from './medical-records-anamnesis.ts';
import { MEDICAL_RECORD_EXAMPLES } from './medical-records-examples.ts';
import {
  anamnesisFlags,
  periodicEvaluationFlags,
  physicalEvaluationFlags,
  sideOfPath,
} from './medical-records-flags.ts';
import { PeriodicEvaluationDocument } from './medical-records-periodic-evaluation.ts';
import { PhysicalEvaluationDocument } from './medical-records-physical-evaluation.ts';
import {
  alcoholFlag,
  bloodPressureFlag,
  bmiFlag,
  bodyMassIndex,
  fmsFlag,
  fmsTotal,
  hamstringFlag,
  painBand,
  painFlag,
  plankFlag,
  restingHeartRateFlag,
  singleLegStanceFlag,
  stepTestRecoveryFlag,
} from './medical-records-thresholds.ts';

describe('body mass index', () => {
  it('is kg/m² rounded to one decimal', () => {
    expect(bodyMassIndex(168, 72.5)).toBe(25.7);
    expect(bodyMassIndex(180, 81)).toBe(25);
    expect(bodyMassIndex(160, 47.3)).toBe(18.5);
    expect(bodyMassIndex(175.5, 68.25)).toBe(22.2);
  });

  it('waits for both height and weight', () => {
    expect(bodyMassIndex(null, 70)).toBeNull();
    expect(bodyMassIndex(170, undefined)).toBeNull();
    expect(bodyMassIndex(0, 70)).toBeNull();
  });

  it('is flagged under 18.5, from 25 and from 30', () => {
    expect([18.4, 18.5, 24.9, 25, 29.9, 30, null].map(bmiFlag)).toEqual([
      'BMI_UNDERWEIGHT',
      null,
      null,
      'BMI_OVERWEIGHT',
      'BMI_OVERWEIGHT',
      'BMI_OBESE',
      null,
    ]);
  });
});

describe('clinical thresholds of the spec', () => {
  it('flags hamstrings under 70°', () => {
    expect([69, 70, 90, null].map(hamstringFlag)).toEqual(['HAMSTRING_SHORT', null, null, null]);
  });

  it('calls a plank under 20 s weak and one of 60 s or more strong', () => {
    expect([0, 19, 20, 59, 60, 120, null].map(plankFlag)).toEqual([
      'PLANK_WEAK',
      'PLANK_WEAK',
      null,
      null,
      'PLANK_STRONG',
      'PLANK_STRONG',
      null,
    ]);
  });

  it('flags more than 14 units of alcohol a week', () => {
    expect([0, 14, 14.5, 30, null].map(alcoholFlag)).toEqual([
      null,
      null,
      'ALCOHOL_ABOVE_LIMIT',
      'ALCOHOL_ABOVE_LIMIT',
      null,
    ]);
  });

  it('flags a step-test heart rate still at 100 bpm or more after a minute', () => {
    expect([99, 100, 130, null].map(stepTestRecoveryFlag)).toEqual([
      null,
      'STEP_TEST_RECOVERY_SLOW',
      'STEP_TEST_RECOVERY_SLOW',
      null,
    ]);
  });

  it('reads the 0–10 pain scale in the bands of the periodic evaluation; 7 and above is severe', () => {
    expect([0, 1, 3, 4, 6, 7, 10, null].map(painBand)).toEqual([
      'PAIN_NONE',
      'PAIN_MILD',
      'PAIN_MILD',
      'PAIN_MODERATE',
      'PAIN_MODERATE',
      'PAIN_SEVERE',
      'PAIN_SEVERE',
      null,
    ]);
    expect([6, 7, 10, null].map(painFlag)).toEqual([null, 'PAIN_SEVERE', 'PAIN_SEVERE', null]);
  });

  it('flags single-leg stance under 10 s, blood pressure and resting heart rate out of range', () => {
    expect([9, 10, null].map(singleLegStanceFlag)).toEqual(['SINGLE_LEG_STANCE_POOR', null, null]);
    expect(bloodPressureFlag(139, 89)).toBeNull();
    expect(bloodPressureFlag(140, 80)).toBe('BLOOD_PRESSURE_HIGH');
    expect(bloodPressureFlag(120, 90)).toBe('BLOOD_PRESSURE_HIGH');
    expect(bloodPressureFlag(88, 58)).toBe('BLOOD_PRESSURE_LOW');
    expect(bloodPressureFlag(null, null)).toBeNull();
    expect([49, 50, 100, 101].map(restingHeartRateFlag)).toEqual([
      'HEART_RATE_LOW',
      null,
      null,
      'HEART_RATE_HIGH',
    ]);
  });

  it('totals the Functional Movement Screen once every test is scored, flagging 14 or less', () => {
    expect(fmsTotal([2, 2, 2, 3, 1, 1, 2])).toBe(13);
    expect(fmsTotal([2, 2, null, 3, 1, 1, 2])).toBeNull();
    expect(fmsTotal([])).toBeNull();
    expect([14, 15, null].map(fmsFlag)).toEqual(['FMS_INJURY_RISK', null, null]);
  });
});

describe('flags of a saved record', () => {
  it('name each value past its threshold by its path in the document', () => {
    const physical = PhysicalEvaluationDocument.parse(MEDICAL_RECORD_EXAMPLES.PHYSICAL_EVALUATION.document);
    expect(physicalEvaluationFlags(physical)).toEqual([
      { path: 'vitals.bmi', code: 'BMI_OVERWEIGHT', side: null },
      { path: 'flexibilityTests.hamstringLeftDeg', code: 'HAMSTRING_SHORT', side: 'LEFT' },
      { path: 'strengthAndEndurance.plankSeconds', code: 'PLANK_WEAK', side: null },
      { path: 'balance.singleLegStanceLeftSeconds', code: 'SINGLE_LEG_STANCE_POOR', side: 'LEFT' },
      { path: 'functionalMovementScreen', code: 'FMS_INJURY_RISK', side: null },
      { path: 'cardiorespiratoryScreen.stepTestRecoveryBpm', code: 'STEP_TEST_RECOVERY_SLOW', side: null },
    ]);
  });

  it('say which side a finding of a paired measure is about (#27 item 14)', () => {
    const physical = PhysicalEvaluationDocument.parse(MEDICAL_RECORD_EXAMPLES.PHYSICAL_EVALUATION.document);
    const bothShort = { ...physical.flexibilityTests, hamstringLeftDeg: 60, hamstringRightDeg: 55 };
    const flags = physicalEvaluationFlags({ ...physical, flexibilityTests: bothShort });
    expect(flags.filter((flag) => flag.code === 'HAMSTRING_SHORT').map((flag) => flag.side)).toEqual([
      'LEFT',
      'RIGHT',
    ]);
    expect(sideOfPath('objectiveReassessment.singleLegStanceRightSeconds')).toBe('RIGHT');
    expect(sideOfPath('vitals.restingHeartRateBpm')).toBeNull();
  });

  it('flag red flags, adverse events, severe pain and alcohol', () => {
    const periodic = PeriodicEvaluationDocument.parse(MEDICAL_RECORD_EXAMPLES.PERIODIC_EVALUATION.document);
    expect(periodicEvaluationFlags(periodic)).toEqual([
      { path: 'adverseEvents.events', code: 'ADVERSE_EVENTS', side: null },
    ]);
    expect(anamnesisFlags(AnamnesisDocument.parse(MEDICAL_RECORD_EXAMPLES.ANAMNESIS.document))).toEqual([]);
    const anamnesis = AnamnesisDocument.parse({
      presentingComplaint: { painIntensity: 8, redFlagSymptoms: ['NIGHT_PAIN'] },
      lifestyle: { alcoholUnitsPerWeek: 21 },
    });
    expect(anamnesisFlags(anamnesis).map((flag) => flag.code)).toEqual([
      'PAIN_SEVERE',
      'RED_FLAGS_PRESENT',
      'ALCOHOL_ABOVE_LIMIT',
    ]);
  });
});
