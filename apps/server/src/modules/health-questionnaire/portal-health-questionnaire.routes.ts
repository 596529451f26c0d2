import { QuestionnaireAnswersInput } from '@reformer/domain/health-questionnaire';
import {
  HealthDataConsentInput,
  PortalQuestionnaire,
  PortalQuestionnaireQuery,
} from '@reformer/domain/portal-health-questionnaire';
import { createRouter } from '../../lib/http.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { cookieOf, depsOf, portalRoute, signedOut } from '../portal/portal-http.ts';
import * as service from './portal-health-questionnaire.service.ts';

/** The customer portal's health questionnaire (decision 044): the consent, then the answers, once. */
const path = '/portal/health-questionnaire';

const view = portalRoute({
  method: 'get',
  path,
  summary: 'Whether the studio asks a questionnaire, its questions, the consent text to read; never answers',
  request: { query: PortalQuestionnaireQuery },
  responses: { 200: jsonResponse(PortalQuestionnaire, 'The questionnaire'), ...signedOut },
});

const consent = portalRoute({
  method: 'post',
  path: `${path}/consent`,
  summary:
    'Consent to the processing of health data (LGPD art. 11, I): the text by its SHA-256, when, where from',
  request: { body: jsonBody(HealthDataConsentInput) },
  responses: {
    201: jsonResponse(PortalQuestionnaire, 'Consented'),
    ...signedOut,
    409: errorResponse('HEALTH_QUESTIONNAIRE_OFF, HEALTH_CONSENT_TEXT_CHANGED'),
  },
});

const send = portalRoute({
  method: 'post',
  path: `${path}/answers`,
  summary: 'Send the answers once; they arrive as a draft medical record for staff to review',
  request: {
    query: PortalQuestionnaireQuery,
    body: jsonBody(QuestionnaireAnswersInput),
  },
  responses: {
    201: jsonResponse(PortalQuestionnaire, 'Sent'),
    ...signedOut,
    409: errorResponse(
      'HEALTH_CONSENT_REQUIRED, HEALTH_QUESTIONNAIRE_OFF, HEALTH_QUESTIONNAIRE_ALREADY_SENT (the same Idempotency-Key replays)',
    ),
  },
});

export const portalHealthQuestionnaireRoutes = createRouter()
  .openapi(view, async (c) => {
    const { language } = c.req.valid('query');
    return c.json(await service.viewQuestionnaire(depsOf(c), cookieOf(c), language), 200);
  })
  .openapi(consent, async (c) =>
    c.json(await service.giveConsent(depsOf(c), cookieOf(c), c.req.valid('json')), 201),
  )
  .openapi(send, async (c) => {
    const input = {
      answers: c.req.valid('json').answers,
      language: c.req.valid('query').language,
      idempotencyKey: c.req.header('idempotency-key')?.slice(0, 200),
    };
    return c.json(await service.submitAnswers(depsOf(c), cookieOf(c), input), 201);
  });
