// The Inbox's routes (contract §13, `feature: 'inbox'`): the server side under
// `/v2/subscribers/{id}/notifications` (API key) and the browser's `POST /v1/inbox/session` (no key).
// A list is `{ data, hasMore, filter }`, not wrapped again; an action answers the item in `data`;
// a delete and the bulk routes answer 204.
import { badRequest } from './errors';
import { itemWire } from './inbox';
import { startSession } from './inboxSession';
import type { Route, RouteRequest, RouteResult } from './routeTypes';

const ok = (body: unknown): RouteResult => ({ status: 200, body });
const noContent: RouteResult = { status: 204, body: undefined };

function param(req: RouteRequest, index: number): string {
  const value = req.params[index];
  if (value === undefined) throw badRequest('Missing path parameter');
  return value;
}

const NOTIFICATIONS = '/v2/subscribers/([^/]+)/notifications';

export const INBOX_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: new RegExp(`^${NOTIFICATIONS}$`),
    feature: 'inbox',
    handle: (req) => ok(req.store.inbox.list(param(req, 0), req.query)),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${NOTIFICATIONS}/count$`),
    feature: 'inbox',
    handle: (req) => ok(req.store.inbox.count(param(req, 0), req.query)),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^${NOTIFICATIONS}/([^/]+)/(read|unread|archive|unarchive|snooze|unsnooze)$`),
    feature: 'inbox',
    handle: (req) => ok({ data: itemWire(req.store.inbox.act(param(req, 0), param(req, 1), param(req, 2), req.query, req.body)) }),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^${NOTIFICATIONS}/([^/]+)/actions/(primary|secondary)/(complete|revert)$`),
    feature: 'inbox',
    handle: (req) => ok({ data: itemWire(req.store.inbox.act(param(req, 0), param(req, 1), `actions/${param(req, 2)}/${param(req, 3)}`, req.query, req.body)) }),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^${NOTIFICATIONS}/([^/]+)$`),
    feature: 'inbox',
    handle: (req) => {
      req.store.inbox.remove(param(req, 0), param(req, 1), req.query);
      return noContent;
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${NOTIFICATIONS}/(seen|read|archive|read-archive|delete)$`),
    feature: 'inbox',
    handle: (req) => {
      req.store.inbox.bulk(param(req, 0), param(req, 1) as 'seen' | 'read' | 'archive' | 'read-archive' | 'delete', req.body);
      return noContent;
    },
  },
  {
    // The browser's own route: no API key (the application identifier and the HMAC say who it is).
    method: 'POST',
    pattern: /^\/v1\/inbox\/session$/,
    feature: 'inbox',
    keyless: true,
    handle: (req) => ({ status: 201, body: { data: startSession(req.store, req.body) } }),
  },
];
