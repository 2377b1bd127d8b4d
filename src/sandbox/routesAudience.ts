// The routes of topics (contract §11, `feature: 'topics'`) and contexts (§12, `feature: 'contexts'`):
// a sandbox started without a feature answers its routes with Nest's bare 404 (server.ts). Bodies as
// the service puts them on the wire: a single record wrapped in `data`; pages and the per-item
// answers of subscriptions, which already have `data`, not wrapped again.
import { contextWire } from './contexts';
import { badRequest } from './errors';
import type { Route, RouteRequest, RouteResult } from './routeTypes';
import { topicWire } from './topics';

const ok = (body: unknown): RouteResult => ({ status: 200, body });

function param(req: RouteRequest, index: number): string {
  const value = req.params[index];
  if (value === undefined) throw badRequest('Missing path parameter');
  return value;
}

const TOPIC = '/v2/topics/([^/]+)';

export const TOPIC_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: /^\/v2\/topics$/,
    feature: 'topics',
    handle: (req) => ok(req.store.topics.list(req.query)),
  },
  {
    // An upsert, 201 either way; `failIfExists=true` makes a key in use 409.
    method: 'POST',
    pattern: /^\/v2\/topics$/,
    feature: 'topics',
    handle: (req) => ({ status: 201, body: { data: topicWire(req.store.topics.upsert(req.body, req.query['failIfExists'] === 'true')) } }),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${TOPIC}$`),
    feature: 'topics',
    handle: (req) => ok({ data: topicWire(req.store.topics.read(param(req, 0))) }),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^${TOPIC}$`),
    feature: 'topics',
    handle: (req) => ok({ data: topicWire(req.store.topics.update(param(req, 0), req.body)) }),
  },
  {
    // `force: true`: the topic's subscriptions go with it.
    method: 'DELETE',
    pattern: new RegExp(`^${TOPIC}$`),
    feature: 'topics',
    handle: (req) => {
      req.store.topics.remove(param(req, 0));
      return ok({ data: { acknowledged: true } });
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${TOPIC}/subscriptions$`),
    feature: 'topics',
    handle: (req) => ok(req.store.topics.listSubscriptions(param(req, 0), req.query)),
  },
  {
    // 201 `{ data, meta, errors? }`; every item failed: 400 with that same body (topics.ts).
    method: 'POST',
    pattern: new RegExp(`^${TOPIC}/subscriptions$`),
    feature: 'topics',
    handle: (req) => req.store.topics.addSubscriptions(param(req, 0), req.body),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^${TOPIC}/subscriptions$`),
    feature: 'topics',
    handle: (req) => req.store.topics.removeSubscriptions(param(req, 0), req.body),
  },
  {
    // None with that identifier: 204 and no body, never 404 (the topic itself missing is 404).
    method: 'GET',
    pattern: new RegExp(`^${TOPIC}/subscriptions/([^/]+)$`),
    feature: 'topics',
    handle: (req) => {
      const found = req.store.topics.findSubscription(param(req, 0), param(req, 1));
      return found ? ok({ data: req.store.topics.wire(found, true) }) : { status: 204, body: undefined };
    },
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^${TOPIC}/subscriptions/([^/]+)$`),
    feature: 'topics',
    handle: (req) => ok({ data: req.store.topics.wire(req.store.topics.updateSubscription(param(req, 0), param(req, 1), req.body), true) }),
  },
  {
    method: 'GET',
    pattern: /^\/v2\/subscribers\/([^/]+)\/subscriptions$/,
    feature: 'topics',
    handle: (req) => ok(req.store.topics.listOfSubscriber(param(req, 0), req.query)),
  },
];

const CONTEXT = '/v2/contexts/([^/]+)/([^/]+)';

export const CONTEXT_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: /^\/v2\/contexts$/,
    feature: 'contexts',
    handle: (req) => ok(req.store.contexts.list(req.query)),
  },
  {
    method: 'POST',
    pattern: /^\/v2\/contexts$/,
    feature: 'contexts',
    handle: (req) => ({ status: 201, body: { data: contextWire(req.store.contexts.create(req.body)) } }),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${CONTEXT}$`),
    feature: 'contexts',
    handle: (req) => ok({ data: contextWire(req.store.contexts.read(param(req, 0), param(req, 1))) }),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^${CONTEXT}$`),
    feature: 'contexts',
    handle: (req) => ok({ data: contextWire(req.store.contexts.update(param(req, 0), param(req, 1), req.body)) }),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^${CONTEXT}$`),
    feature: 'contexts',
    handle: (req) => {
      req.store.contexts.remove(param(req, 0), param(req, 1));
      return { status: 204, body: undefined };
    },
  },
];
