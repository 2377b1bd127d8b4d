/** Errors raised by NovuClient. Every one has a short, user-readable `message` that never holds the API key. */
import { l10n } from '../l10n';

export type FieldErrors = Record<string, string[]>;

/**
 * `instanceof` by name: the panels' lazily loaded bundle has its own copy of these classes, and an
 * error thrown by the extension's client must still be recognised there.
 */
function isNamed(value: unknown, name: string): boolean {
  return value instanceof Error && value.name === name;
}

/** The service answered with a non-2xx status. */
export class NovuApiError extends Error {
  override readonly name = 'NovuApiError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isNamed(value, 'NovuApiError');
  }
  constructor(
    readonly status: number,
    message: string,
    /** Support reference sent with 5xx (and some 4xx) answers. */
    readonly errorId: string | undefined,
    /** Every validation message, as "field: message" lines. */
    readonly details: string[],
    /** Validation messages keyed by the field the service named. */
    readonly fieldErrors: FieldErrors,
    /** Seconds the service asked us to wait (429, 409 in progress, 503). */
    readonly retryAfterSeconds: number | undefined,
    /** The request path (without query), for logs. */
    readonly path: string,
    /** False when the body had no message and `message` is only the status line ("HTTP 400 Bad Request"). */
    readonly fromService = true,
    /** The body read with the call's `errorSchema`, when it gave one and the body has that shape (a 400 of topics' subscriptions carries each item's error). */
    readonly parsedBody: unknown = undefined,
  ) {
    super(message);
  }
}

/**
 * A 401 that is not about the key: servers before 2025-06 close some routes (the workflows) to API
 * keys with "API endpoint not accessible" while the key works everywhere else (contract §8.1). Every
 * other 401 (`API Key not found`, a missing or malformed header) means the key itself is refused.
 */
export function isClosedToApiKeys(error: unknown): error is NovuApiError {
  return error instanceof NovuApiError && error.status === 401 && /\bAPI endpoint not accessible\b/i.test(error.message);
}

/** The request never got an answer: DNS, refused connection, reset, TLS. */
export class NovuNetworkError extends Error {
  override readonly name = 'NovuNetworkError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isNamed(value, 'NovuNetworkError');
  }
  constructor(message: string, readonly path: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer within the client's timeout. */
export class NovuTimeoutError extends Error {
  override readonly name = 'NovuTimeoutError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isNamed(value, 'NovuTimeoutError');
  }
  constructor(readonly timeoutMs: number, readonly path: string) {
    super(l10n.t('The service did not answer within {0} s', Math.round(timeoutMs / 1000)));
  }
}

/** A 2xx body that does not have the shape of the contract, even read tolerantly. */
export class NovuResponseShapeError extends Error {
  override readonly name = 'NovuResponseShapeError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isNamed(value, 'NovuResponseShapeError');
  }
  constructor(message: string, readonly path: string, readonly issues: { path: string; message: string }[]) {
    super(message);
  }
}

/** The caller's input was rejected before any request was sent. */
export class NovuValidationError extends Error {
  override readonly name = 'NovuValidationError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isNamed(value, 'NovuValidationError');
  }
  constructor(readonly fieldErrors: FieldErrors) {
    super(
      Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
        .join('\n'),
    );
  }
}
