import { describe, expect, it } from 'vitest';
import {
  CREATABLE_RECORD_TYPES,
  type CreatableRecordType,
  CustomerMedicalRecordListQuery,
  MedicalRecordBody,
  MedicalRecordInput,
  MedicalRecordListQuery,
  RECORD_DOCUMENTS,
} from './medical-records.ts';
import { MEDICAL_RECORD_EXAMPLES } from './medical-records-examples.ts';
import { issueKeys } from './test-helpers.ts';
import { V } from './validation.ts';

type Node = Record<string, unknown>;

/** The example of `type` with one field of its document replaced. */
function withField(type: CreatableRecordType, path: string, value: unknown) {
  const record = JSON.parse(JSON.stringify(MEDICAL_RECORD_EXAMPLES[type])) as { document: Node };
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  const parent = keys.reduce((node, key) => node[key] as Node, record.document);
  parent[last] = value;
  return record;
}

function exampleValue(type: CreatableRecordType, path: string): unknown {
  const { document } = MEDICAL_RECORD_EXAMPLES[type] as { document: Node };
  return path.split('.').reduce<unknown>((node, key) => (node as Node)[key], document);
}

/** Per type: a choice field, a number (or bounded text/date where the form has no number) and its bad value. */
const FIELDS: Record<CreatableRecordType, { choice: string; bounded: string; outOfRange: unknown }> = {
  ANAMNESIS: {
    choice: 'presentingComplaint.bodyRegion',
    bounded: 'presentingComplaint.painIntensity',
    outOfRange: 11,
  },
  PHYSICAL_EVALUATION: {
    choice: 'breathingAndCore.coreControl',
    bounded: 'vitals.heightCm',
    outOfRange: 320,
  },
  PERIODIC_EVALUATION: {
    choice: 'planForward.referrals',
    bounded: 'objectiveReassessment.plankSeconds',
    outOfRange: -1,
  },
  TREATMENT: {
    choice: 'frequencyAndDuration.cycleLength',
    bounded: 'frequencyAndDuration.otherDosage',
    outOfRange: 'x'.repeat(201),
  },
  OTHER: { choice: 'category', bounded: 'details', outOfRange: 'x'.repeat(4001) },
};

describe('record documents', () => {
  it.each(CREATABLE_RECORD_TYPES)('%s accepts a complete example and keeps every answer', (type) => {
    const example = MEDICAL_RECORD_EXAMPLES[type];
    const parsed = MedicalRecordInput.parse(example);
    expect(parsed.type).toBe(type);
    expect(parsed.document).toEqual(
      type === 'PHYSICAL_EVALUATION'
        ? {
            ...example.document,
            vitals: { ...MEDICAL_RECORD_EXAMPLES.PHYSICAL_EVALUATION.document.vitals, bmi: 25.7 },
          }
        : example.document,
    );
  });

  it.each(CREATABLE_RECORD_TYPES)('%s refuses an unknown option, naming the field', (type) => {
    const { choice } = FIELDS[type];
    const isMulti = Array.isArray(exampleValue(type, choice));
    const bad = withField(type, choice, isMulti ? ['SURFING'] : 'SURFING');
    const keys = issueKeys(MedicalRecordInput.safeParse(bad));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^document\\.${choice.replaceAll('.', '\\.')}(\\.0)?:${V.option}$`));
  });

  it.each(CREATABLE_RECORD_TYPES)('%s refuses an out-of-range value, naming the field', (type) => {
    const { bounded, outOfRange } = FIELDS[type];
    const expected = typeof outOfRange === 'number' ? V.outOfRange : V.max;
    expect(issueKeys(MedicalRecordInput.safeParse(withField(type, bounded, outOfRange)))).toEqual([
      `document.${bounded}:${expected}`,
    ]);
  });

  it('refuses wrong kinds of values and fields the form does not have', () => {
    expect(
      issueKeys(MedicalRecordInput.safeParse(withField('PHYSICAL_EVALUATION', 'vitals.weightKg', '72'))),
    ).toEqual(['document.vitals.weightKg:validation.number']);
    expect(
      issueKeys(MedicalRecordInput.safeParse(withField('PHYSICAL_EVALUATION', 'balance.findings', 'STABLE'))),
    ).toEqual(['document.balance.findings:validation.format']);
    expect(
      issueKeys(
        MedicalRecordInput.safeParse(
          withField('PHYSICAL_EVALUATION', 'functionalMovementScreen.hurdleStep', 2.5),
        ),
      ),
    ).toEqual(['document.functionalMovementScreen.hurdleStep:validation.number']);
    expect(
      issueKeys(MedicalRecordInput.safeParse(withField('ANAMNESIS', 'lifestyle.smokesPerDay', 10))),
    ).toEqual(['document.lifestyle:validation.unknownField']);
  });

  it('saves a half-filled form with every unanswered field empty', () => {
    const parsed = MedicalRecordInput.parse({
      type: 'PERIODIC_EVALUATION',
      recordDate: '2027-04-12',
      title: 'Reavaliação',
      document: { subjectiveStatus: { painScore: 2 } },
    });
    if (parsed.type !== 'PERIODIC_EVALUATION') throw new Error('narrowed by type');
    expect(parsed.description).toBeNull();
    expect(parsed.document.subjectiveStatus).toMatchObject({
      painScore: 2,
      overallChange: null,
      newSymptoms: [],
    });
    expect(parsed.document.planForward).toEqual({
      treatmentFrequency: null,
      programAdjustments: [],
      referrals: [],
      updatedGoals: null,
      goalsDescription: null,
      notes: null,
    });
  });

  it('keeps each chosen option once, in the option set order; "none" cannot come with another', () => {
    const parsed = MedicalRecordInput.parse(
      withField('ANAMNESIS', 'presentingComplaint.bodyRegion', ['KNEE', 'NECK', 'KNEE']),
    );
    if (parsed.type !== 'ANAMNESIS') throw new Error('narrowed by type');
    expect(parsed.document.presentingComplaint.bodyRegion).toEqual(['NECK', 'KNEE']);
    expect(
      issueKeys(
        MedicalRecordInput.safeParse(
          withField('ANAMNESIS', 'medicalHistory.implants', ['NONE', 'PACEMAKER']),
        ),
      ),
    ).toEqual([`document.medicalHistory.implants:${V.exclusiveOption}`]);
    expect(
      MedicalRecordInput.safeParse(withField('ANAMNESIS', 'medicalHistory.implants', ['NONE', 'NONE']))
        .success,
    ).toBe(true);
  });

  it('computes the BMI from height and weight, whatever BMI is sent', () => {
    const parsed = MedicalRecordInput.parse(withField('PHYSICAL_EVALUATION', 'vitals.bmi', 99));
    if (parsed.type !== 'PHYSICAL_EVALUATION') throw new Error('narrowed by type');
    expect(parsed.document.vitals.bmi).toBe(25.7);
    const noWeight = MedicalRecordInput.parse(withField('PHYSICAL_EVALUATION', 'vitals.weightKg', null));
    if (noWeight.type !== 'PHYSICAL_EVALUATION') throw new Error('narrowed by type');
    expect(noWeight.document.vitals.bmi).toBeNull();
  });

  it('checks the answers that depend on each other', () => {
    const check = (type: CreatableRecordType, path: string, value: unknown) =>
      issueKeys(MedicalRecordInput.safeParse(withField(type, path, value)));
    expect(check('PHYSICAL_EVALUATION', 'vitals.diastolicMmHg', 125)).toEqual([
      `document.vitals.diastolicMmHg:${V.bloodPressureOrder}`,
    ]);
    expect(check('PERIODIC_EVALUATION', 'subjectiveStatus.painScore', 8)).toEqual([
      `document.subjectiveStatus.painScore:${V.painBandMismatch}`,
    ]);
    expect(check('OTHER', 'followUpDate', null)).toEqual([`document.followUpDate:${V.followUpDateRequired}`]);
    expect(check('OTHER', 'followUpDate', '2027-03-19')).toEqual([
      `document.followUpDate:${V.dateBeforeRecord}`,
    ]);
    expect(check('TREATMENT', 'frequencyAndDuration.nextReevaluationDate', '2027-02-30')).toEqual([
      `document.frequencyAndDuration.nextReevaluationDate:${V.date}`,
    ]);
    expect(check('TREATMENT', 'frequencyAndDuration.nextReevaluationDate', '2027-03-02')).toEqual([
      `document.frequencyAndDuration.nextReevaluationDate:${V.dateBeforeRecord}`,
    ]);
  });

  it("requires the 'other' record's category and details", () => {
    const record = { ...MEDICAL_RECORD_EXAMPLES.OTHER, document: {} };
    expect(issueKeys(MedicalRecordInput.safeParse(record))).toEqual([
      `document.category:${V.required}`,
      `document.details:${V.required}`,
    ]);
  });

  it('documents every creatable type', () => {
    expect(Object.keys(RECORD_DOCUMENTS).sort()).toEqual([...CREATABLE_RECORD_TYPES].sort());
  });
});

describe('the record around the document', () => {
  const anamnesis = MEDICAL_RECORD_EXAMPLES.ANAMNESIS;

  it('requires a type, a real date and a title', () => {
    const { type: _type, ...untyped } = anamnesis;
    expect(issueKeys(MedicalRecordInput.safeParse(untyped))).toEqual([`type:${V.required}`]);
    expect(issueKeys(MedicalRecordInput.safeParse({ ...anamnesis, type: 'DIAGNOSIS' }))).toEqual([
      `type:${V.option}`,
    ]);
    expect(issueKeys(MedicalRecordInput.safeParse({ ...anamnesis, recordDate: '2027-02-29' }))).toEqual([
      `recordDate:${V.date}`,
    ]);
    expect(issueKeys(MedicalRecordInput.safeParse({ ...anamnesis, title: '  ' }))).toEqual([
      `title:${V.required}`,
    ]);
    expect(issueKeys(MedicalRecordInput.safeParse({ ...anamnesis, title: 'x'.repeat(201) }))).toEqual([
      `title:${V.max}`,
    ]);
  });

  it('refuses legacy types in the form, and lets the routes recognise them (to answer 409)', () => {
    for (const type of ['EVALUATION', 'ASSESSMENT', 'PROGRESS']) {
      expect(issueKeys(MedicalRecordInput.safeParse({ ...anamnesis, type }))).toEqual([`type:${V.option}`]);
      expect(MedicalRecordBody.parse({ ...anamnesis, type }).type).toBe(type);
    }
    expect(MedicalRecordBody.parse(anamnesis).type).toBe('ANAMNESIS');
  });
});

describe('list queries', () => {
  it('filter by type, period and customer; the period cannot run backwards', () => {
    expect(
      MedicalRecordListQuery.parse({
        customerId: '0190A5B2-7C3D-7E4F-8A1B-2C3D4E5F6A7B',
        type: 'PROGRESS',
        from: '2027-01-01',
        to: '2027-01-31',
      }),
    ).toMatchObject({ customerId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b', page: 1, limit: 10 });
    expect(
      issueKeys(CustomerMedicalRecordListQuery.safeParse({ from: '2027-02-01', to: '2027-01-31' })),
    ).toEqual([`to:${V.dateRangeOrder}`]);
    expect(MedicalRecordListQuery.safeParse({ type: 'NOTE' }).success).toBe(false);
    expect(MedicalRecordListQuery.safeParse({ customerId: 'nope' }).success).toBe(false);
  });
});
