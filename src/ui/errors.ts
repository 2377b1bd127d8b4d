/** One short, user-facing form for every error, with the next step to offer. */
import { NovuApiError, NovuNetworkError, NovuResponseShapeError, NovuTimeoutError, NovuValidationError, isAbortError, isClosedToApiKeys } from '../api';
import { l10n } from '../l10n';

export type ErrorKind = 'unauthorized' | 'forbidden' | 'retention' | 'notFound' | 'validation' | 'rateLimited' | 'server' | 'network' | 'timeout' | 'shape' | 'canceled' | 'other';

export interface DescribedError {
  kind: ErrorKind;
  /** One sentence: the cause, in the service's words where it gave some. */
  message: string;
  errorId?: string;
  /** Field messages of a validation error, one per line. */
  details: string[];
  /** Worth offering Retry: the same action may work later. */
  retryable: boolean;
  /** For a validation error with field messages: the service's own message and the status, to say them once in one line. */
  validation?: { serviceMessage: string | undefined; status: number };
}

/**
 * A failed read of workflows (contract §8.1) that is neither a missing workflow nor a rejected key:
 * an older server answers a route it does not have with 404 "Cannot GET …", and before 2025-06 it
 * closed the workflows to API keys with a 401 "API endpoint not accessible". Undefined otherwise:
 * any other 401 (`API Key not found`) is a rejected key, here as everywhere.
 */
export function workflowsUnavailable(error: unknown): DescribedError | undefined {
  if (error instanceof NovuApiError && error.status === 404 && /^Cannot (GET|POST|PATCH)\b/.test(error.message)) {
    return { kind: 'notFound', message: l10n.t('This server has no route to read workflows ({0}).', error.message), details: [], retryable: false };
  }
  if (isClosedToApiKeys(error)) {
    return { kind: 'forbidden', message: l10n.t('This server does not let API keys read workflows (servers before June 2025 answer so): {0} (HTTP 401)', error.message), details: [], retryable: false };
  }
  return undefined;
}

export function describeError(error: unknown): DescribedError {
  if (isAbortError(error)) return { kind: 'canceled', message: l10n.t('Canceled.'), details: [], retryable: true };
  if (error instanceof NovuApiError) {
    const kind: ErrorKind =
      error.status === 401 ? (isClosedToApiKeys(error) ? 'forbidden' : 'unauthorized')
      // 403: the key is known but may not do this; other operations may still work with it.
      : error.status === 403 ? 'forbidden'
      // 402 on the activity list: the range starts before what the plan keeps (contract §6).
      : error.status === 402 ? 'retention'
      : error.status === 404 ? 'notFound'
      : error.status === 422 || error.status === 400 ? 'validation'
      : error.status === 429 ? 'rateLimited'
      : error.status >= 500 ? 'server'
      : 'other';
    return {
      kind,
      message: apiErrorMessage(kind, error),
      ...(error.errorId ? { errorId: error.errorId } : {}),
      details: error.details,
      retryable: kind === 'server' || kind === 'rateLimited' || kind === 'other',
      ...(kind === 'validation' && Object.keys(error.fieldErrors).length > 0 ? { validation: { serviceMessage: error.fromService ? error.message : undefined, status: error.status } } : {}),
    };
  }
  if (error instanceof NovuNetworkError) return { kind: 'network', message: ensurePeriod(error.message), details: [], retryable: true };
  if (error instanceof NovuTimeoutError) return { kind: 'timeout', message: ensurePeriod(error.message), details: [], retryable: true };
  if (error instanceof NovuResponseShapeError) {
    return { kind: 'shape', message: l10n.t('The service sent a response this version of Novu Explorer does not understand.'), details: error.issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`), retryable: false };
  }
  if (error instanceof NovuValidationError) {
    return { kind: 'validation', message: l10n.t('Some values are not valid.'), details: error.message.split('\n'), retryable: false };
  }
  return { kind: 'other', message: error instanceof Error ? ensurePeriod(error.message) : String(error), details: [], retryable: true };
}

/** The service's message with what it means for the user, and the status (and the wait, when it asked for one). */
function apiErrorMessage(kind: ErrorKind, error: NovuApiError): string {
  // With no message of the service's own, the status line is the message: say it once.
  if (!error.fromService) return ensurePeriod(error.message);
  const message = ensurePeriod(error.message);
  switch (kind) {
    case 'unauthorized':
      return l10n.t('The API key was rejected: {0} (HTTP {1})', message, error.status);
    case 'forbidden':
      return l10n.t('The service refused access: {0} (HTTP {1})', message, error.status);
    case 'retention':
      return l10n.t('The plan keeps activity for a limited time, and this range starts before it: {0} (HTTP {1})', message, error.status);
    case 'rateLimited':
      if (error.retryAfterSeconds !== undefined) return l10n.t('{0} (HTTP {1}) Try again in {2} s.', message, error.status, Math.ceil(error.retryAfterSeconds));
      return l10n.t('{0} (HTTP {1})', message, error.status);
    default:
      return l10n.t('{0} (HTTP {1})', message, error.status);
  }
}

/** The message as one line for a notification: what failed, why, and the error ID to quote. */
export function formatErrorLine(action: string, described: DescribedError): string {
  if (described.validation) return validationLine(action, described, described.validation);
  const details = described.details.length > 0 ? ` ${described.details.slice(0, 3).join(' · ')}` : '';
  return described.errorId
    ? l10n.t('{0}: {1}{2} Error ID: {3}.', action, described.message, details, described.errorId)
    : l10n.t('{0}: {1}{2}', action, described.message, details);
}

/** "Not sent: Payload validation failed: payload.orderId is required (HTTP 400)": the fields once, the status once. */
function validationLine(action: string, described: DescribedError, validation: NonNullable<DescribedError['validation']>): string {
  const shown = described.details.slice(0, 3).join('; ');
  const more = described.details.length > 3 ? l10n.t(' (and {0} more)', described.details.length - 3) : '';
  const service = validation.serviceMessage?.trim().replace(/[.:]$/, '');
  const why = service && !described.details.includes(service) ? `${service}: ${shown}${more}` : `${shown}${more}`;
  return described.errorId
    ? l10n.t('{0}: {1} (HTTP {2}) Error ID: {3}.', action, why, validation.status, described.errorId)
    : l10n.t('{0}: {1} (HTTP {2})', action, why, validation.status);
}

function ensurePeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
