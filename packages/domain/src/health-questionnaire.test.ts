import { describe, expect, it } from 'vitest';
import {
  ANAMNESIS_QUESTION_PATHS,
  HealthQuestionnaireSettings,
  PAR_Q_PLUS,
  questionsOf,
  toAnamnesisDocument,
} from './health-questionnaire.ts';
import { anamnesisFlags } from './medical-records-flags.ts';
import { healthDataConsentText } from './portal-health-questionnaire.ts';
import { issueKeys } from './test-helpers.ts';

const parQAnswers = (yes: string[] = []) =>
  Object.fromEntries(PAR_Q_PLUS.map(({ path }) => [path, yes.includes(path) ? 'YES' : 'NO']));

describe('which questions the customer is asked', () => {
  it('asks the chosen anamnesis questions once each, in the form order, and nothing when off', () => {
    const settings = HealthQuestionnaireSettings.parse({
      kind: 'ANAMNESIS',
      questions: ['lifestyle.activityLevel', 'presentingComplaint.mainReason', 'lifestyle.activityLevel'],
    });
    expect(settings.questions).toEqual(['presentingComplaint.mainReason', 'lifestyle.activityLevel']);
    expect(questionsOf(settings).map((question) => question.path)).toEqual(settings.questions);
    expect(
      questionsOf(HealthQuestionnaireSettings.parse({ kind: 'OFF', questions: ['goals.goals'] })),
    ).toEqual([]);
  });

  it('asks the seven PAR-Q+ questions, whatever anamnesis questions were chosen before', () => {
    const settings = HealthQuestionnaireSettings.parse({ kind: 'PAR_Q_PLUS', questions: ['goals.goals'] });
    expect(settings.questions).toEqual([]);
    expect(questionsOf(settings)).toHaveLength(7);
    expect(questionsOf(settings).every((question) => question.kind === 'yesNo')).toBe(true);
  });

  it('refuses an anamnesis questionnaire without questions, and a question that is not one', () => {
    expect(issueKeys(HealthQuestionnaireSettings.safeParse({ kind: 'ANAMNESIS', questions: [] }))).toEqual([
      'questions:validation.required',
    ]);
    expect(
      issueKeys(HealthQuestionnaireSettings.safeParse({ kind: 'ANAMNESIS', questions: ['goals.consent'] })),
    ).toEqual(['questions.0:validation.option']);
    // The notes and the studio's own consents stay with staff.
    expect(ANAMNESIS_QUESTION_PATHS.some((path) => path.endsWith('.notes') || path === 'goals.consent')).toBe(
      false,
    );
  });
});

describe('required answers', () => {
  const questions = questionsOf({
    kind: 'ANAMNESIS',
    questions: ['presentingComplaint.mainReason', 'presentingComplaint.painIntensity'],
  });

  it('puts the answers at their fields and leaves the rest of the anamnesis empty for staff', () => {
    const checked = toAnamnesisDocument(questions, {
      'presentingComplaint.mainReason': ['POSTURE', 'PAIN', 'PAIN'],
      'presentingComplaint.painIntensity': 3,
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
    expect(checked.document.presentingComplaint.mainReason).toEqual(['PAIN', 'POSTURE']);
    expect(checked.document.presentingComplaint.painIntensity).toBe(3);
    expect(checked.document.medicalHistory.pastDiagnoses).toEqual([]);
    expect(checked.document.parQPlus.chestPain).toBeNull();
  });

  it('names each unanswered, out-of-range or unasked question, never the answer', () => {
    const checked = toAnamnesisDocument(questions, {
      'presentingComplaint.mainReason': [],
      'presentingComplaint.painIntensity': 11,
      'lifestyle.activityLevel': ['SEDENTARY'],
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`).sort()).toEqual([
      'answers.lifestyle.activityLevel:validation.unknownField',
      'answers.presentingComplaint.mainReason:validation.required',
      'answers.presentingComplaint.painIntensity:validation.outOfRange',
    ]);
    expect(JSON.stringify(checked.issues)).not.toContain('SEDENTARY');
  });

  it('wants a yes or a no to every PAR-Q+ question', () => {
    const answers = parQAnswers();
    delete answers['parQPlus.chestPain'];
    const checked = toAnamnesisDocument(PAR_Q_PLUS, answers);
    expect(checked.ok ? [] : checked.issues.map((issue) => issue.path.join('.'))).toEqual([
      'answers.parQPlus.chestPain',
    ]);
  });
});

describe('PAR-Q+ answers flag the draft for review', () => {
  it('flags a draft with any "yes", and not one with seven "no"', () => {
    const yes = toAnamnesisDocument(PAR_Q_PLUS, parQAnswers(['parQPlus.prescribedMedication']));
    const no = toAnamnesisDocument(PAR_Q_PLUS, parQAnswers());
    if (!yes.ok || !no.ok) throw new Error('valid answers refused');
    expect(anamnesisFlags(yes.document).map((flag) => flag.code)).toEqual(['PAR_Q_POSITIVE']);
    expect(anamnesisFlags(no.document)).toEqual([]);
  });
});

describe('the consent text', () => {
  it('names the studio and the legal basis in each language', () => {
    expect(healthDataConsentText('pt_BR', 'Studio Sol')).toMatch(/^Autorizo Studio Sol .*art\. 11, I/);
    expect(healthDataConsentText('en_US', 'Studio Sol')).toMatch(/^I authorise Studio Sol .*art\. 11, I/);
  });
});
