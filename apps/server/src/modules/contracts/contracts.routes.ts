import { createRoute, z } from '@hono/zod-openapi';
import {
  ContractVersion,
  ContractVersionList,
  CustomerContract,
  PublishContractVersionInput,
} from '@reformer/domain/contracts';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonBody, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './contracts.service.ts';

/**
 * The contract, staff's side (decision 043): every member reads the studio's terms (customers read them
 * too); publishing a version needs MANAGE_SETTINGS at the organization (owners and administrators) and takes
 * `Idempotency-Key`, like every POST. A customer's signatures and consents are read with VIEW_CUSTOMERS.
 */
const tags = ['Contract and consents'];
const versionsPath = '/organizations/{orgId}/contract-versions';

const listVersions = createRoute({
  method: 'get',
  path: versionsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary: "The studio's contract versions, newest first, each with how many signed it",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(ContractVersionList, 'The versions'), ...standardErrors },
});

const publishVersion = createRoute({
  method: 'post',
  path: versionsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_SETTINGS')],
  summary: 'Publish the next version of the terms; earlier versions and their signatures stay',
  request: { params: OrgIdParam, body: jsonBody(PublishContractVersionInput) },
  responses: { 201: jsonResponse(ContractVersion, 'Published'), ...standardErrors },
});

const customerContract = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/contract',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary:
    "The customer's signatures with their evidence (the text signed, its SHA-256, time, address, browser), and their consents with the history",
  request: { params: OrgIdParam.extend({ customerId: z.string() }) },
  responses: { 200: jsonResponse(CustomerContract, 'The contract'), ...standardErrors },
});

export const contractsRoutes = createRouter()
  .openapi(listVersions, async (c) =>
    c.json({ versions: await service.listVersions(c.get('deps').db, c.get('access')) }, 200),
  )
  .openapi(publishVersion, async (c) =>
    c.json(
      await service.publishVersion(c.get('deps').db, c.get('access'), c.req.valid('json'), actorOf(c)),
      201,
    ),
  )
  .openapi(customerContract, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await service.getCustomerContract(c.get('deps').db, c.get('access'), customerId), 200);
  });
