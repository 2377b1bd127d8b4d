// `POST /v1/inbox/session` (contract §13): what a subscriber's browser does first, with no API key.
// The environment is found by its application identifier, its active Novu in-app integration must
// exist, and when that integration has `credentials.hmac` the subscriber's hash must be
// HMAC-SHA256(the environment's API key, subscriberId) as hex. A subscriber the environment does
// not know is created. The session's context becomes its context keys (never written to contexts:
// the Inbox does not change them); the token carries them, and the unread count is of the
// messages in exactly that context.
import { createHmac } from 'node:crypto';
import { contextKeysOf, parseContextPayload, sameContextKeys } from './contextKeys';
import { environmentWire } from './environments';
import { FieldErrors, HttpError, badRequest, notFound } from './errors';
import { SANDBOX_FIXTURES as F } from './fixtures';
import type { SandboxStore } from './store';
import { isObject, parseCreateSubscriber } from './validation';

export interface InboxSession {
  token: string;
  totalUnreadCount: number;
  removeNovuBranding: boolean;
  contextKeys: string[];
}

/** What a session's `subscriberHash` must be: HMAC-SHA256 of the subscriberId with the environment's API key, hex. */
export const subscriberHash = (apiKey: string, subscriberId: string): string => createHmac('sha256', apiKey).update(subscriberId).digest('hex');

export function startSession(store: SandboxStore, body: unknown): InboxSession {
  const b = isObject(body) ? body : {};
  const errors = new FieldErrors();
  const subscriberField = b['subscriber'] ?? b['subscriberId'];
  const subscriber = typeof subscriberField === 'string' ? { subscriberId: subscriberField } : isObject(subscriberField) ? subscriberField : undefined;
  const subscriberId = subscriber?.['subscriberId'];
  if (typeof subscriberId !== 'string' || subscriberId === '') errors.add('subscriberId', 'subscriberId should not be empty', subscriberId ?? null);
  const context = b['context'] === undefined || b['context'] === null ? undefined : parseContextPayload(b['context'], errors);
  errors.throwIfAny();
  const id = subscriberId as string;

  const appId = b['applicationIdentifier'];
  const environment = store.environments.find((e) => environmentWire(e)['identifier'] === appId);
  if (typeof appId !== 'string' || !environment) throw badRequest('Please provide a valid application identifier');
  const development = environment._id === F.developmentEnvironmentId;
  const world = development ? store.development : store.production;
  const inApp = world.integrations.all.find((i) => i._environmentId === environment._id && i.channel === 'in_app' && i.providerId === 'novu' && i.active);
  if (!inApp) throw notFound('The active in-app integration could not be found');
  if (inApp.credentials['hmac'] === true) {
    const key = development ? store.apiKey : store.productionApiKey;
    const hash = b['subscriberHash'];
    if (key === undefined || typeof hash !== 'string' || hash !== subscriberHash(key, id)) throw badRequest('Please provide a valid HMAC hash');
  }
  // Development's subscribers only: the sandbox keeps none for Production.
  if (development && !store.subscribers.get(id)) {
    try {
      store.subscribers.upsert(parseCreateSubscriber({ ...subscriber, subscriberId: id }));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      store.subscribers.upsert(parseCreateSubscriber({ subscriberId: id }));
    }
  }
  const contextKeys = context ? contextKeysOf(context) : [];
  const totalUnreadCount = development
    ? store.inbox.of(id).filter((m) => !m.deleted && !m.isRead && !m.isSnoozed && sameContextKeys(m.contextKeys, contextKeys)).length
    : 0;
  const claims = { subscriberId: id, environmentId: environment._id, contextKeys };
  const token = `sbx.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { token, totalUnreadCount, removeNovuBranding: false, contextKeys };
}
