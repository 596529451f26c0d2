/**
 * Errors as the Graph API answers them (`GraphAPIError` in the YAML): an HTTP status, Meta's code and
 * subcode, and whether a retry may succeed. The codes are Meta's, from its error-code reference.
 */
export type GraphError = {
  status: number;
  code: number;
  subcode?: number;
  type: string;
  message: string;
  transient?: boolean;
};

export class GraphErrorThrown extends Error {
  constructor(readonly error: GraphError) {
    super(error.message);
  }
}

export function graphErrorBody(error: GraphError, traceId: string) {
  return {
    error: {
      message: error.message,
      type: error.type,
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      ...(error.transient === undefined ? {} : { is_transient: error.transient }),
      fbtrace_id: traceId,
    },
  };
}

export const GRAPH_ERRORS = {
  invalidToken: (): GraphError => ({
    status: 401,
    code: 190,
    type: 'OAuthException',
    message: 'Invalid OAuth access token - Cannot parse access token',
  }),
  unknownObject: (id: string): GraphError => ({
    status: 400,
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message: `Unsupported request - Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
  }),
  invalidParameter: (message: string): GraphError => ({
    status: 400,
    code: 100,
    type: 'OAuthException',
    message: `(#100) ${message}`,
  }),
  templateExists: (): GraphError => ({
    status: 400,
    code: 100,
    subcode: 2388024,
    type: 'OAuthException',
    message: 'Content in this language already exists',
  }),
  templateMissing: (name: string, language: string): GraphError => ({
    status: 404,
    code: 132001,
    type: 'OAuthException',
    message: `(#132001) Template name does not exist in the translation: ${name} (${language})`,
  }),
  templateParameters: (expected: number, got: number): GraphError => ({
    status: 400,
    code: 132000,
    type: 'OAuthException',
    message: `(#132000) Number of parameters does not match the expected number of params: expected ${expected}, got ${got}`,
  }),
  /** Cloud API throughput exceeded. */
  rateLimited: (): GraphError => ({
    status: 429,
    code: 130429,
    type: 'OAuthException',
    message: '(#130429) Rate limit hit',
    transient: true,
  }),
  /** Too many messages to one recipient in a short time. */
  pairRateLimited: (): GraphError => ({
    status: 400,
    code: 131056,
    type: 'OAuthException',
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    transient: true,
  }),
  /** The number's messaging limit: unique recipients per rolling 24 hours by its tier. */
  tierReached: (tier: number): GraphError => ({
    status: 400,
    code: 131048,
    type: 'OAuthException',
    message: `(#131048) Spam rate limit hit: this phone number reached its limit of ${tier} recipients in 24 hours`,
    transient: true,
  }),
  unavailable: (status: number): GraphError => ({
    status,
    code: 131000,
    type: 'OAuthException',
    message: '(#131000) Something went wrong',
    transient: true,
  }),
  callbackVerificationFailed: (): GraphError => ({
    status: 400,
    code: 2200,
    type: 'OAuthException',
    message: '(#2200) Callback verification failed: the URL did not answer the challenge',
  }),
};
