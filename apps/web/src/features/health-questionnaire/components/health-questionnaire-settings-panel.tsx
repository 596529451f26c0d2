import {
  ANAMNESIS_QUESTIONS,
  type HealthQuestionnaireSettings,
  QUESTIONNAIRE_KINDS,
  type QuestionnaireKind,
} from '@reformer/domain/health-questionnaire';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { healthQuestionnaireSettingsQueryOptions } from '../api/get-health-questionnaire-settings.ts';
import { useUpdateHealthQuestionnaireSettings } from '../api/update-health-questionnaire-settings.ts';

/**
 * Settings → Health questionnaire (decision 044): none, some questions of the anamnesis, or the PAR-Q+,
 * which customers answer in the portal after consenting; their answers arrive as draft anamnesis records.
 */
export function HealthQuestionnaireSettingsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(healthQuestionnaireSettingsQueryOptions(organizationId));
  return (
    <SettingsCard
      id="health-questionnaire"
      title={t('healthQuestionnaire.settings.title')}
      description={t('healthQuestionnaire.settings.description')}
    >
      <SettingsForm key={JSON.stringify(settings)} organizationId={organizationId} saved={settings} />
    </SettingsCard>
  );
}

function SettingsForm({
  organizationId,
  saved,
}: {
  organizationId: string;
  saved: HealthQuestionnaireSettings;
}) {
  const { t } = useTranslation();
  const update = useUpdateHealthQuestionnaireSettings(organizationId);
  const [kind, setKind] = useState<QuestionnaireKind>(saved.kind);
  const [questions, setQuestions] = useState<readonly string[]>(saved.questions);
  const needsQuestion = kind === 'ANAMNESIS' && questions.length === 0;
  const toggle = (path: string) =>
    setQuestions((chosen) =>
      chosen.includes(path) ? chosen.filter((each) => each !== path) : [...chosen, path],
    );
  const refused = update.error instanceof ApiError && update.error.status === 400;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!needsQuestion) update.mutate({ kind, questions: [...questions] });
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t('healthQuestionnaire.settings.kind')}</legend>
        {QUESTIONNAIRE_KINDS.map((each) => (
          <label key={each} className="flex cursor-pointer items-start gap-3">
            <input
              type="radio"
              name="health-questionnaire-kind"
              className="radio mt-0.5"
              checked={kind === each}
              onChange={() => setKind(each)}
            />
            <span>
              <span className="block">{t(`healthQuestionnaire.kinds.${each}`)}</span>
              <span className="block text-sm text-base-content/70">
                {t(`healthQuestionnaire.kindHints.${each}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'ANAMNESIS' && (
        <fieldset
          className="grid gap-2 sm:grid-cols-2"
          aria-describedby="health-questionnaire-questions-hint"
        >
          <legend className="mb-2 font-medium">{t('healthQuestionnaire.settings.questions')}</legend>
          <p id="health-questionnaire-questions-hint" className="text-sm text-base-content/70 sm:col-span-2">
            {t('healthQuestionnaire.settings.questionsHint')}
          </p>
          {ANAMNESIS_QUESTIONS.map((question) => (
            <label key={question.path} className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="checkbox mt-0.5"
                checked={questions.includes(question.path)}
                onChange={() => toggle(question.path)}
              />
              <span>{t(`medicalRecords.fields.${question.path}` as never)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {(needsQuestion || refused) && (
        <p role="alert" className="text-sm text-error">
          {t('healthQuestionnaire.settings.chooseQuestion')}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={update.isPending || needsQuestion}>
          {update.isPending ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
