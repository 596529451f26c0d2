import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '@reformer/domain/errors';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, errorResponse, jsonResponse, standardErrors } from '../../lib/openapi.ts';

/** A CEP's address as the API answers it (staff's lookup and the portal's, decision 046). */
export const PostalAddress = z.object({
  zipCode: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});

const lookup = createRoute({
  method: 'get',
  path: '/postal-codes/{cep}',
  tags: ['Postal codes'],
  security: bearerSecurity,
  summary: 'The address of a Brazilian postal code (CEP)',
  request: { params: z.object({ cep: z.string().regex(/^\d{5}-?\d{3}$/, 'validation.cep') }) },
  responses: {
    200: jsonResponse(PostalAddress, 'The address'),
    ...standardErrors,
    404: errorResponse('POSTAL_CODE_NOT_FOUND'),
    503: errorResponse('POSTAL_CODE_LOOKUP_FAILED: the provider did not answer'),
  },
});

export const postalCodesRoutes = createRouter().openapi(lookup, async (c) => {
  const address = await c.get('deps').postalCodes.lookup(c.req.valid('param').cep.replace('-', ''));
  if (!address) throw new AppError('POSTAL_CODE_NOT_FOUND');
  return c.json(address, 200);
});
