/**
 * The errors of GS1's EPCIS 2.0 REST binding (REST Bindings/openapi.yaml, components/responses): RFC 7807
 * problem documents whose `type` is an `epcisException:` name, each with the status the binding gives it.
 * Pure: the server turns an EpcisProblem into an `application/problem+json` response.
 */

/**
 * Every problem type the binding names, with its HTTP status (openapi.yaml, the `enum` of each error
 * response's `type`; the title is the example's, or ours where the binding gives none).
 */
export const EPCIS_PROBLEM_TYPES = {
  ValidationException: { status: 400, title: 'Validation error' },
  QueryValidationException: { status: 400, title: 'EPCIS query exception' },
  QueryParameterException: { status: 400, title: 'Invalid query parameter' },
  SubscriptionControlsException: { status: 400, title: 'Subscription error' },
  SecurityException: { status: 401, title: 'Unauthorised request' },
  NoSuchResourceException: { status: 404, title: 'Resource not found' },
  NoSuchNameException: { status: 404, title: 'Resource not found' },
  NotAcceptableException: { status: 406, title: 'Conflicting request and response headers' },
  ResourceAlreadyExistsException: { status: 409, title: 'A resource with the provided identifier already exists.' },
  CaptureLimitExceededException: { status: 413, title: 'Capture Payload too large' },
  QueryTooLargeException: { status: 413, title: 'Query result is too large' },
  QueryTooComplexException: { status: 413, title: 'Query is too complex' },
  URITooLongException: { status: 414, title: 'URI Too Long' },
  UnsupportedMediaTypeException: { status: 415, title: 'Unsupported Media Type' },
  ImplementationException: { status: 500, title: 'A server-side error occurred' },
} as const;

export type EpcisProblemKind = keyof typeof EPCIS_PROBLEM_TYPES;
/** The `type` URI of a problem: `epcisException:QueryParameterException`. */
export type EpcisProblemType = `epcisException:${EpcisProblemKind}`;

/** An RFC 7807 problem document as the binding's RFC7807ProblemResponseBody defines it. */
export interface EpcisProblemDocument {
  type: EpcisProblemType;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
}

/** The RFC 7807 media type of the binding's JSON errors. */
export const PROBLEM_JSON = 'application/problem+json';

/** An error of the binding, carrying its problem document (`problem`) and its HTTP status. */
export class EpcisProblem extends Error {
  readonly problem: EpcisProblemDocument;
  constructor(problem: EpcisProblemDocument) {
    super(problem.detail ? `${problem.type}: ${problem.detail}` : problem.type);
    this.name = 'EpcisProblem';
    this.problem = problem;
  }
  get kind(): EpcisProblemKind {
    return this.problem.type.slice('epcisException:'.length) as EpcisProblemKind;
  }
  get status(): number {
    return this.problem.status;
  }
}

/**
 * The problem of a kind: `epcisProblem('QueryParameterException', 'eventCountLimit: not an integer')`;
 * `status` overrides the binding's (an ImplementationException of a feature not implemented is a 501).
 */
export function epcisProblem(kind: EpcisProblemKind, detail?: string, status?: number): EpcisProblem {
  const known = EPCIS_PROBLEM_TYPES[kind];
  return new EpcisProblem({
    type: `epcisException:${kind}`,
    title: known.title,
    status: status ?? known.status,
    ...(detail ? { detail } : {}),
  });
}

export const isEpcisProblem = (e: unknown): e is EpcisProblem => e instanceof EpcisProblem;
