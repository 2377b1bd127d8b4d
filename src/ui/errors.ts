/** One short, user-facing form for every error, with the next step to offer. */
import { NovuApiError, NovuNetworkError, NovuResponseShapeError, NovuTimeoutError, NovuValidationError, isAbortError } from '../api';

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
}

export function describeError(error: unknown): DescribedError {
  if (isAbortError(error)) return { kind: 'canceled', message: 'Canceled.', details: [], retryable: true };
  if (error instanceof NovuApiError) {
    const kind: ErrorKind =
      error.status === 401 ? 'unauthorized'
      // 403: the key is known but may not do this; other operations may still work with it.
      : error.status === 403 ? 'forbidden'
      // 402 on the activity list: the range starts before what the plan keeps (contract §6).
      : error.status === 402 ? 'retention'
      : error.status === 404 ? 'notFound'
      : error.status === 422 || error.status === 400 ? 'validation'
      : error.status === 429 ? 'rateLimited'
      : error.status >= 500 ? 'server'
      : 'other';
    const prefix =
      kind === 'unauthorized' ? 'The API key was rejected: '
      : kind === 'forbidden' ? 'The service refused access: '
      : kind === 'retention' ? 'The plan keeps activity for a limited time, and this range starts before it: '
      : '';
    const wait = error.retryAfterSeconds !== undefined && kind === 'rateLimited' ? ` Try again in ${Math.ceil(error.retryAfterSeconds)} s.` : '';
    return {
      kind,
      message: `${prefix}${ensurePeriod(error.message)} (HTTP ${error.status})${wait}`,
      ...(error.errorId ? { errorId: error.errorId } : {}),
      details: error.details,
      retryable: kind === 'server' || kind === 'rateLimited' || kind === 'other',
    };
  }
  if (error instanceof NovuNetworkError) return { kind: 'network', message: ensurePeriod(error.message), details: [], retryable: true };
  if (error instanceof NovuTimeoutError) return { kind: 'timeout', message: ensurePeriod(error.message), details: [], retryable: true };
  if (error instanceof NovuResponseShapeError) {
    return { kind: 'shape', message: 'The service sent a response this version of Novu Explorer does not understand.', details: error.issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`), retryable: false };
  }
  if (error instanceof NovuValidationError) {
    return { kind: 'validation', message: 'Some values are not valid.', details: error.message.split('\n'), retryable: false };
  }
  return { kind: 'other', message: error instanceof Error ? ensurePeriod(error.message) : String(error), details: [], retryable: true };
}

/** The message as one line for a notification: what failed, why, and the error ID to quote. */
export function formatErrorLine(action: string, described: DescribedError): string {
  const id = described.errorId ? ` Error ID: ${described.errorId}.` : '';
  const details = described.details.length > 0 ? ` ${described.details.slice(0, 3).join(' · ')}` : '';
  return `${action}: ${described.message}${details}${id}`;
}

function ensurePeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
