/**
 * A server without a feature's routes (topics v2, contexts, the server-side Inbox: contract
 * §11–§13) answers 404 "Cannot GET …", and an older one with the contexts flag off 403 "Context
 * feature is not enabled" (§12). Said as what the server lacks, instead of an empty list or a
 * "not found" that reads like a missing record.
 */
import { NovuApiError } from '../api/errors';
import { l10n } from '../l10n';
import { describeError, type DescribedError } from './errors';

export type ServerFeature = 'topics' | 'contexts' | 'inbox';

function featureName(feature: ServerFeature): string {
  switch (feature) {
    case 'topics': return l10n.t('topics (the /v2/topics routes)');
    case 'contexts': return l10n.t('contexts (the /v2/contexts routes)');
    case 'inbox': return l10n.t('the server-side Inbox (/v2/subscribers/…/notifications)');
  }
}

/** True for the answer of a server that lacks the route itself (not a missing record). */
export function isMissingRoute(error: unknown): error is NovuApiError {
  return error instanceof NovuApiError && error.status === 404 && /^Cannot (GET|POST|PATCH|DELETE)\b/.test(error.message);
}

/** A failure in words, naming what the server lacks when that is why. */
export function describeFeatureError(error: unknown, feature: ServerFeature): DescribedError {
  if (isMissingRoute(error)) {
    return { kind: 'notFound', message: l10n.t('This server does not have {0}: it answered {1} (HTTP 404). Newer Novu servers have it.', featureName(feature), error.message), details: [], retryable: false };
  }
  if (error instanceof NovuApiError && error.status === 403 && /feature is not enabled/i.test(error.message)) {
    return { kind: 'forbidden', message: l10n.t('This organization does not have {0} turned on: {1} (HTTP 403)', featureName(feature), error.message), details: [], retryable: false };
  }
  return describeError(error);
}
