/** Error codes shared by server and web; the server maps each to an HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  BAD_URL: 400,
  URL_TOO_LONG: 414,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EVENT_NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  TICKET_NOT_FOUND: 404,
  BOOKING_NOT_FOUND: 404,
  EVENT_ACCESS_DENIED: 403,
  /** The buyer is under an event's minimum age on its date (issue 34). */
  UNDER_AGE_LIMIT: 403,
  /** An age-limited event needs the buyer's date of birth, which the account lacks: the checkout asks for it. */
  DATE_OF_BIRTH_NEEDED: 403,
  INVALID_ORGANISER: 400,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  INVALID_USERNAME: 400,
  IMAGE_TOO_LARGE: 413,
  UNSUPPORTED_IMAGE: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_ORIGIN: 403,
  ADMIN_REQUIRED: 403,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_ERROR: 502,
  AI_UNAVAILABLE: 501,
  AI_SERVICE_ERROR: 502,
  RECORDING_TOO_LARGE: 413,
  SERVICE_UNAVAILABLE: 503,
  ERASURE_NOT_CONFIRMED: 400,
  REAUTHENTICATION_REQUIRED: 403,
  UPCOMING_EVENTS_WITH_SALES: 409,
  /** Apple Wallet or Google Wallet is not configured on this deployment (decision 045). */
  WALLET_NOT_CONFIGURED: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What a visitor reads while the database is away (a restart, a failover): the request can be retried. */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
