import { z } from 'zod';
import {
  ACTIVITY_LEVELS,
  AGGRAVATING_FACTORS,
  ALLERGIES,
  AnamnesisDocument,
  BODY_REGIONS,
  CLIENT_GOALS,
  DAILY_ACTIVITIES,
  EASING_FACTORS,
  EXERCISE_TYPES,
  IMPLANTS,
  LIFESTYLE_FACTORS,
  MAIN_REASONS,
  MEDICATIONS,
  ONSETS,
  PAIN_QUALITIES,
  PAR_Q_PLUS_QUESTIONS,
  PAST_DIAGNOSES,
  PREVIOUS_TREATMENTS,
  RED_FLAG_SYMPTOMS,
  REFERRAL_SOURCES,
  SLEEP_QUALITIES,
  SURGERIES,
  TREATMENT_METHODS,
  WOMENS_HEALTH,
  WORK_DEMANDS,
  YES_NO,
} from './medical-records-anamnesis.ts';
import { multiChoice } from './medical-records-fields.ts';
import { MEASURES } from './medical-records-thresholds.ts';
import type { Language } from './preferences.ts';
import { V } from './validation.ts';

/**
 * The health questionnaire a customer fills in the portal before their first class (issue #29, decision 044):
 * the studio asks either some questions of its anamnesis or the PAR-Q+; the answers become a draft anamnesis
 * record that staff review, complete and accept. A question is the path of its field in the anamnesis
 * document ("presentingComplaint.mainReason"), so its label and options are the clinical form's own.
 */

export const QUESTIONNAIRE_KINDS = ['OFF', 'ANAMNESIS', 'PAR_Q_PLUS'] as const;
export type QuestionnaireKind = (typeof QUESTIONNAIRE_KINDS)[number];

export type Question =
  | { path: string; kind: 'multiChoice'; options: readonly string[] }
  | { path: string; kind: 'number'; min: number; max: number; integer?: boolean }
  | { path: string; kind: 'yesNo'; options: readonly string[] };

const choose = (path: string, options: readonly string[]): Question => ({
  path,
  kind: 'multiChoice',
  options,
});

/**
 * The anamnesis questions a customer can answer alone, in the form's order: every option set and the two
 * self-reported numbers. Left to staff: the notes, and section D's consents (given at the studio, and the
 * portal asks its own, LGPD art. 11, before any answer).
 */
export const ANAMNESIS_QUESTIONS: readonly Question[] = [
  choose('presentingComplaint.mainReason', MAIN_REASONS),
  choose('presentingComplaint.bodyRegion', BODY_REGIONS),
  choose('presentingComplaint.onset', ONSETS),
  choose('presentingComplaint.painQuality', PAIN_QUALITIES),
  { path: 'presentingComplaint.painIntensity', kind: 'number', ...MEASURES.painScore },
  choose('presentingComplaint.worseWith', AGGRAVATING_FACTORS),
  choose('presentingComplaint.betterWith', EASING_FACTORS),
  choose('presentingComplaint.redFlagSymptoms', RED_FLAG_SYMPTOMS),
  choose('medicalHistory.pastDiagnoses', PAST_DIAGNOSES),
  choose('medicalHistory.surgeries', SURGERIES),
  choose('medicalHistory.regularMedication', MEDICATIONS),
  choose('medicalHistory.allergies', ALLERGIES),
  choose('medicalHistory.implants', IMPLANTS),
  choose('medicalHistory.womensHealth', WOMENS_HEALTH),
  choose('lifestyle.workDemands', WORK_DEMANDS),
  choose('lifestyle.activityLevel', ACTIVITY_LEVELS),
  choose('lifestyle.regularExercise', EXERCISE_TYPES),
  choose('lifestyle.lifestyleFactors', LIFESTYLE_FACTORS),
  { path: 'lifestyle.alcoholUnitsPerWeek', kind: 'number', ...MEASURES.alcoholUnitsPerWeek },
  choose('lifestyle.sleepQuality', SLEEP_QUALITIES),
  choose('lifestyle.limitedDailyActivities', DAILY_ACTIVITIES),
  choose('goals.previousTreatments', PREVIOUS_TREATMENTS),
  choose('goals.goals', CLIENT_GOALS),
  choose('goals.treatmentMethodsOfInterest', TREATMENT_METHODS),
  choose('goals.heardAboutUs', REFERRAL_SOURCES),
];
export const ANAMNESIS_QUESTION_PATHS = ANAMNESIS_QUESTIONS.map((question) => question.path);

/** The PAR-Q+'s seven general questions, all of them, always in the form's order. */
export const PAR_Q_PLUS: readonly Question[] = PAR_Q_PLUS_QUESTIONS.map((field) => ({
  path: `parQPlus.${field}`,
  kind: 'yesNo',
  options: YES_NO,
}));

const QUESTIONS_BY_PATH = new Map(
  [...ANAMNESIS_QUESTIONS, ...PAR_Q_PLUS].map((question) => [question.path, question]),
);

/** A question the portal was told to ask, by its path (an unknown path is none). */
export function questionByPath(path: string): Question | undefined {
  return QUESTIONS_BY_PATH.get(path);
}

/** Settings → Health questionnaire. `questions` are anamnesis paths, used when the kind is ANAMNESIS. */
export const HealthQuestionnaireSettings = z
  .object({
    kind: z.enum(QUESTIONNAIRE_KINDS, V.option),
    questions: z
      .array(
        z.string(V.option).refine((path) => ANAMNESIS_QUESTION_PATHS.includes(path), V.option),
        V.format,
      )
      .max(ANAMNESIS_QUESTION_PATHS.length * 2, V.format)
      .default([]),
  })
  .superRefine((settings, ctx) => {
    if (settings.kind === 'ANAMNESIS' && settings.questions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: V.required });
  })
  // Kept once each, in the form's order; only the anamnesis kind keeps any.
  .transform((settings) => ({
    kind: settings.kind,
    questions:
      settings.kind === 'ANAMNESIS'
        ? ANAMNESIS_QUESTION_PATHS.filter((path) => settings.questions.includes(path))
        : [],
  }));
export type HealthQuestionnaireSettingsInput = z.input<typeof HealthQuestionnaireSettings>;
export type HealthQuestionnaireSettings = z.output<typeof HealthQuestionnaireSettings>;

/** The settings as saved (the answer of GET and PUT). */
export const HealthQuestionnaireSettingsView = z.object({
  kind: z.enum(QUESTIONNAIRE_KINDS),
  questions: z.array(z.string()),
});

export const DEFAULT_QUESTIONNAIRE_SETTINGS: HealthQuestionnaireSettings = { kind: 'OFF', questions: [] };

/** The questions the customer is asked, in order. */
export function questionsOf(settings: HealthQuestionnaireSettings): readonly Question[] {
  if (settings.kind === 'PAR_Q_PLUS') return PAR_Q_PLUS;
  if (settings.kind === 'OFF') return [];
  return ANAMNESIS_QUESTIONS.filter((question) => settings.questions.includes(question.path));
}

/** Every question asked must be answered: at least one option, a number in its bounds, yes or no. */
function answerSchema(question: Question) {
  if (question.kind === 'number') {
    const number = z.number(V.required).min(question.min, V.outOfRange).max(question.max, V.outOfRange);
    return question.integer ? number.int(V.number) : number;
  }
  if (question.kind === 'yesNo') return z.enum(question.options as [string, ...string[]], V.required);
  // Missing is [] by the option set's default: refused like an empty choice.
  return multiChoice(question.options as [string, ...string[]]).refine(
    (chosen) => chosen.length > 0,
    V.required,
  );
}

/** The answers' schema for these questions: keyed by path, every one required, no other key. */
export function answersSchemaFor(questions: readonly Question[]) {
  return z.strictObject(
    Object.fromEntries(questions.map((question) => [question.path, answerSchema(question)])),
    { error: (issue) => (issue.code === 'unrecognized_keys' ? V.unknownField : V.format) },
  );
}

/** What the portal posts; the answers are checked against the studio's questions by `toAnamnesisDocument`. */
export const QuestionnaireAnswersInput = z.object({
  answers: z.record(z.string().max(100), z.unknown(), V.format),
});
export type QuestionnaireAnswersInput = z.infer<typeof QuestionnaireAnswersInput>;

export type AnswersCheck =
  | { ok: true; document: AnamnesisDocument }
  | { ok: false; issues: z.core.$ZodIssue[] };

/**
 * The draft's document: the customer's answers at their paths, every other field empty for staff to
 * complete. Issues name the question and the rule, never the answer (decision 015).
 */
export function toAnamnesisDocument(questions: readonly Question[], answers: unknown): AnswersCheck {
  const parsed = answersSchemaFor(questions).safeParse(answers);
  if (!parsed.success)
    return {
      ok: false,
      // An unasked question is named by its key (its issue has no path of its own).
      issues: parsed.error.issues.flatMap((issue): z.core.$ZodIssue[] =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ ...issue, path: ['answers', key] }))
          : [{ ...issue, path: ['answers', ...issue.path] }],
      ),
    };
  const document: Record<string, Record<string, unknown>> = {};
  for (const [path, value] of Object.entries(parsed.data)) {
    const [section = '', field = ''] = path.split('.');
    document[section] = { ...document[section], [field]: value };
  }
  return { ok: true, document: AnamnesisDocument.parse(document) };
}

/** The draft's title, in the language the customer answered in; staff may rename it. */
export function draftTitle(kind: QuestionnaireKind, language: Language): string {
  const title =
    language === 'pt_BR' ? 'Questionário de saúde do portal' : 'Health questionnaire from the portal';
  return kind === 'PAR_Q_PLUS' ? `${title} (PAR-Q+)` : title;
}
