import type { AnamnesisDocument } from './medical-records-anamnesis.ts';
import type { PeriodicEvaluationDocument } from './medical-records-periodic-evaluation.ts';
import { FMS_TESTS, type PhysicalEvaluationDocument } from './medical-records-physical-evaluation.ts';
import {
  alcoholFlag,
  bloodPressureFlag,
  bmiFlag,
  type FlagCode,
  fmsFlag,
  fmsTotal,
  hamstringFlag,
  painFlag,
  plankFlag,
  restingHeartRateFlag,
  singleLegStanceFlag,
  stepTestRecoveryFlag,
} from './medical-records-thresholds.ts';

/**
 * A value past a clinical threshold, at its field's path in the document ("vitals.bmi"), and the body's side
 * when the field measures one of two ("flexibilityTests.hamstringLeftDeg"): two alerts of the same finding
 * must say which side each is about (#27 item 14).
 */
export type RecordFlag = { path: string; code: FlagCode; side: FlagSide | null };
export type FlagSide = 'LEFT' | 'RIGHT';

type Check = [path: string, code: FlagCode | null];

/** The side a field measures, from its name ("singleLegStanceRightSeconds"), or null. */
export function sideOfPath(path: string): FlagSide | null {
  const field = path.split('.').pop() ?? '';
  if (/Left(?:[A-Z]|$)/.test(field)) return 'LEFT';
  if (/Right(?:[A-Z]|$)/.test(field)) return 'RIGHT';
  return null;
}

const present = (checks: Check[]): RecordFlag[] =>
  checks.flatMap(([path, code]) => (code ? [{ path, code, side: sideOfPath(path) }] : []));

const anyBut = (chosen: readonly string[], none = 'NONE') => chosen.some((code) => code !== none);

export function anamnesisFlags(document: AnamnesisDocument): RecordFlag[] {
  const { presentingComplaint: complaint, lifestyle } = document;
  return present([
    ['presentingComplaint.painIntensity', painFlag(complaint.painIntensity)],
    ['presentingComplaint.redFlagSymptoms', anyBut(complaint.redFlagSymptoms) ? 'RED_FLAGS_PRESENT' : null],
    ['lifestyle.alcoholUnitsPerWeek', alcoholFlag(lifestyle.alcoholUnitsPerWeek)],
    // A record stored before section E existed has no parQPlus: nothing to flag.
    ['parQPlus', Object.values(document.parQPlus ?? {}).includes('YES') ? 'PAR_Q_POSITIVE' : null],
  ]);
}

export function physicalEvaluationFlags(document: PhysicalEvaluationDocument): RecordFlag[] {
  const { vitals, flexibilityTests: flexibility, balance } = document;
  const fms = document.functionalMovementScreen;
  return present([
    ['vitals.bmi', bmiFlag(vitals.bmi)],
    ['vitals.restingHeartRateBpm', restingHeartRateFlag(vitals.restingHeartRateBpm)],
    ['vitals.systolicMmHg', bloodPressureFlag(vitals.systolicMmHg, vitals.diastolicMmHg)],
    ['flexibilityTests.hamstringLeftDeg', hamstringFlag(flexibility.hamstringLeftDeg)],
    ['flexibilityTests.hamstringRightDeg', hamstringFlag(flexibility.hamstringRightDeg)],
    ['strengthAndEndurance.plankSeconds', plankFlag(document.strengthAndEndurance.plankSeconds)],
    ['balance.singleLegStanceLeftSeconds', singleLegStanceFlag(balance.singleLegStanceLeftSeconds)],
    ['balance.singleLegStanceRightSeconds', singleLegStanceFlag(balance.singleLegStanceRightSeconds)],
    ['functionalMovementScreen', fmsFlag(fmsTotal(FMS_TESTS.map((test) => fms[test])))],
    [
      'cardiorespiratoryScreen.stepTestRecoveryBpm',
      stepTestRecoveryFlag(document.cardiorespiratoryScreen.stepTestRecoveryBpm),
    ],
  ]);
}

export function periodicEvaluationFlags(document: PeriodicEvaluationDocument): RecordFlag[] {
  const { subjectiveStatus: status, objectiveReassessment: reassessment } = document;
  return present([
    ['subjectiveStatus.painScore', painFlag(status.painScore)],
    [
      'subjectiveStatus.averagePain24h',
      status.painScore === null && status.averagePain24h === 'PAIN_SEVERE' ? 'PAIN_SEVERE' : null,
    ],
    ['objectiveReassessment.hamstringLeftDeg', hamstringFlag(reassessment.hamstringLeftDeg)],
    ['objectiveReassessment.hamstringRightDeg', hamstringFlag(reassessment.hamstringRightDeg)],
    ['objectiveReassessment.plankSeconds', plankFlag(reassessment.plankSeconds)],
    [
      'objectiveReassessment.singleLegStanceLeftSeconds',
      singleLegStanceFlag(reassessment.singleLegStanceLeftSeconds),
    ],
    [
      'objectiveReassessment.singleLegStanceRightSeconds',
      singleLegStanceFlag(reassessment.singleLegStanceRightSeconds),
    ],
    ['objectiveReassessment.functionalMovementScore', fmsFlag(reassessment.functionalMovementScore)],
    ['redFlagCheck.findings', anyBut(document.redFlagCheck.findings) ? 'RED_FLAGS_PRESENT' : null],
    ['adverseEvents.events', anyBut(document.adverseEvents.events) ? 'ADVERSE_EVENTS' : null],
  ]);
}
