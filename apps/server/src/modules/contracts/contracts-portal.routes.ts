import { z } from '@hono/zod-openapi';
import { ConsentKind, PortalContract, SetConsentInput, SignContractInput } from '@reformer/domain/contracts';
import { AppError } from '@reformer/domain/errors';
import { createRouter } from '../../lib/http.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { endEnrollmentRecurrence } from '../pix-automatico/pix-automatico.service.ts';
import { cookieOf, depsOf, portalRoute, signedOut } from '../portal/portal-http.ts';
import * as service from './contracts-portal.service.ts';

/** The contract and consents in the customer portal (decision 043), under the portal's cookie only. */
const route = portalRoute;
/** As staff's keys (lib/idempotency): 8–200 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

const view = route({
  method: 'get',
  path: '/portal/contract',
  summary: "The studio's latest terms, the customer's signature and withdrawal right, and their consents",
  responses: { 200: jsonResponse(PortalContract, 'The contract'), ...signedOut },
});

const sign = route({
  method: 'post',
  path: '/portal/contract/signatures',
  summary:
    'Sign the latest terms: full name, the CPF on file (a guardian’s name and CPF for a minor), the checkbox',
  request: { body: jsonBody(SignContractInput) },
  responses: {
    201: jsonResponse(PortalContract, 'Signed'),
    ...signedOut,
    400: errorResponse('VALIDATION_FAILED; CONTRACT_CPF_MISMATCH; CONTRACT_GUARDIAN_REQUIRED'),
    409: errorResponse('CONTRACT_VERSION_NOT_CURRENT; CONTRACT_ALREADY_SIGNED; CONTRACT_CPF_NOT_ON_FILE'),
  },
});

const withdraw = route({
  method: 'post',
  path: '/portal/contract/signatures/{signatureId}/withdrawal',
  summary: 'Withdraw within 7 days of signing (CDC art. 49): the enrollment ends, what was paid goes back',
  request: { params: z.object({ signatureId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(PortalContract, 'Withdrawn'),
    ...signedOut,
    404: errorResponse('CONTRACT_SIGNATURE_NOT_FOUND (another customer’s too)'),
    409: errorResponse('CONTRACT_WITHDRAWAL_CLOSED (`details.deadline`)'),
  },
});

const consent = route({
  method: 'put',
  path: '/portal/consents/{kind}',
  summary: 'Give or revoke a consent (marketing messages, image use); each answer is kept with its date',
  request: { params: z.object({ kind: ConsentKind }), body: jsonBody(SetConsentInput) },
  responses: { 200: jsonResponse(PortalContract, 'Saved'), ...signedOut },
});

export const contractsPortalRoutes = createRouter()
  .openapi(view, async (c) => c.json(await service.viewContract(depsOf(c), cookieOf(c)), 200))
  .openapi(sign, async (c) => {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8–200 visible ASCII characters');
    const signed = await service.signContract(depsOf(c), cookieOf(c), c.req.valid('json'), key ?? null);
    return c.json(signed, 201);
  })
  .openapi(withdraw, async (c) => {
    const { signatureId } = c.req.valid('param');
    const { db, secretBox, pixPsp, now } = c.get('deps');
    const endRecurrence = (organizationId: string, enrollmentId: string) =>
      endEnrollmentRecurrence({ db, secretBox, gateway: pixPsp }, organizationId, enrollmentId, now());
    return c.json(await service.withdrawContract(depsOf(c), cookieOf(c), signatureId, endRecurrence), 200);
  })
  .openapi(consent, async (c) => {
    const { kind } = c.req.valid('param');
    const { isGiven } = c.req.valid('json');
    return c.json(await service.setConsent(depsOf(c), cookieOf(c), kind, isGiven), 200);
  });
