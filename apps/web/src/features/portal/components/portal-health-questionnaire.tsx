import { type Question, questionByPath, toAnamnesisDocument } from '@reformer/domain/health-questionnaire';
import type { PortalQuestionnaire } from '@reformer/domain/portal-health-questionnaire';
import { type Language, parseLanguage } from '@reformer/domain/preferences';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatInstant } from '@/lib/format.ts';
import {
  portalQuestionnaireQueryOptions,
  useGiveHealthConsent,
  useSendQuestionnaire,
} from '../api/health-questionnaire-api.ts';
import { QuestionnaireQuestion } from './questionnaire-question.tsx';

/**
 * The health questionnaire (decision 044): nothing when the studio asks none; else the specific consent to
 * the processing of health data (LGPD art. 11, I), then the questions; once sent, only that it was sent —
 * the answers are never shown back here (a typo is corrected by staff).
 */
export function PortalHealthQuestionnaire({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  const questionnaire = useQuery(portalQuestionnaireQueryOptions(language));
  // Nothing while it loads either: most studios ask none, and the section should not flash in and out.
  if (questionnaire.isPending || questionnaire.data?.status === 'OFF') return null;
  return (
    <section
      aria-labelledby="portal-health-questionnaire"
      className="flex flex-col gap-3"
      id="health-questionnaire"
    >
      <h2 id="portal-health-questionnaire" className="text-lg font-semibold">
        {t('portalHealthQuestionnaire.title')}
      </h2>
      {questionnaire.error && (
        <p role="alert" className="alert alert-error">
          {describeError(questionnaire.error, 'errors.network')}
        </p>
      )}
      {questionnaire.data && (
        <QuestionnaireStep view={questionnaire.data} language={language} timeZone={timeZone} />
      )}
    </section>
  );
}

function QuestionnaireStep({
  view,
  language,
  timeZone,
}: {
  view: PortalQuestionnaire;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  if (view.status === 'SENT')
    return (
      <p role="status" className="alert alert-success">
        {t('portalHealthQuestionnaire.sent', { date: formatInstant(view.sentAt ?? '') })}
      </p>
    );
  if (!view.consent.givenAt) return <HealthConsent view={view} language={language} />;
  return <QuestionnaireForm view={view} language={language} />;
}

function HealthConsent({ view, language }: { view: PortalQuestionnaire; language: Language }) {
  const { t } = useTranslation();
  const [hasAgreed, setAgreed] = useState(false);
  const consent = useGiveHealthConsent(language);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        consent.mutate({ language, textSha256: view.consent.textSha256 });
      }}
    >
      <p>{t('portalHealthQuestionnaire.consentIntro')}</p>
      <blockquote
        className="rounded-box border border-base-300 bg-base-200 p-3 text-sm"
        data-testid="health-consent-text"
      >
        {view.consent.text}
      </blockquote>
      <label className="label cursor-pointer items-start gap-3 whitespace-normal">
        <input
          type="checkbox"
          className="checkbox mt-0.5"
          checked={hasAgreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <span className="text-base-content">{t('portalHealthQuestionnaire.consentCheckbox')}</span>
      </label>
      <button type="submit" className="btn btn-primary self-start" disabled={!hasAgreed || consent.isPending}>
        {t('portalHealthQuestionnaire.consentButton')}
      </button>
      {consent.error && (
        <p role="alert" className="alert alert-warning">
          {describeError(consent.error, 'errors.network')}
        </p>
      )}
    </form>
  );
}

function QuestionnaireForm({ view, language }: { view: PortalQuestionnaire; language: Language }) {
  const { t } = useTranslation();
  const questions = view.questions.flatMap((path) => questionByPath(path) ?? []);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendQuestionnaire(language);
  const answer = (question: Question, value: unknown) => {
    setAnswers((current) => ({ ...current, [question.path]: value }));
    setErrors(({ [question.path]: _fixed, ...rest }) => rest);
  };
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The server checks the same rules (the domain's); here they point at the question to complete.
        const checked = toAnamnesisDocument(questions, answers);
        if (!checked.ok) {
          setErrors(
            Object.fromEntries(checked.issues.map((issue) => [issue.path.slice(1).join('.'), issue.message])),
          );
          return;
        }
        send.mutate(answers);
      }}
    >
      <p>{t('portalHealthQuestionnaire.formIntro')}</p>
      {questions.map((question) => (
        <QuestionnaireQuestion
          key={question.path}
          question={question}
          value={answers[question.path]}
          error={errors[question.path]}
          onChange={(value) => answer(question, value)}
        />
      ))}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-error">
          {t('portalHealthQuestionnaire.incomplete')}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={send.isPending}>
        {t('portalHealthQuestionnaire.send')}
      </button>
      {send.error && (
        <p role="alert" className="alert alert-warning">
          {describeError(send.error, 'errors.network')}
        </p>
      )}
    </form>
  );
}
