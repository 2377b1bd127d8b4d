// Every HTTP route of the sandbox, in one place, grouped by the resource that answers it (each a
// file of its own, composed in store.ts). A handler parses the request (validation.ts), calls its
// resource and returns the status and the body exactly as the live service puts them on the wire
// (see the envelope table: most bodies wrapped in `data`). A new resource gets its file, a field
// in store.ts and a group here.
import { bridgeDiff, bridgeSync, bridgeValidate } from './bridgeSync';
import { conflict, notFound, badRequest } from './errors';
import type { PreferencesPatch } from './preferences';
import { environmentWire } from './environments';
import { layoutWire } from './layouts';
import { INBOX_ROUTES } from './routesInbox';
import { CONTEXT_ROUTES, TOPIC_ROUTES } from './routesAudience';
import { previewStep } from './stepPreview';
import { workflowDetail } from './workflows';
import {
  parseCreateSubscriber,
  parseCriticality,
  parseNotificationSearch,
  parsePreferencesPatch,
  parseSubscriberSearch,
  parseBulkTrigger,
  parseTrigger,
} from './validation';

export type { Route, RouteRequest, RouteResult } from './routeTypes';
import type { Route, RouteRequest, RouteResult } from './routeTypes';

const ok = (body: unknown): RouteResult => ({ status: 200, body });

function param(req: RouteRequest, index: number): string {
  const value = req.params[index];
  if (value === undefined) throw badRequest('Missing path parameter');
  return value;
}

function requireSubscriber(req: RouteRequest, subscriberId: string): void {
  if (!req.store.subscribers.get(subscriberId)) throw notFound(`Subscriber with id: ${subscriberId} not found`);
}

/** What `PATCH /v2/subscribers/{id}` changes (contract §8.3). */
const PATCHABLE = ['firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone', 'data'];

export const ROUTES: readonly Route[] = [
  // --- Subscribers (subscribers.ts) ---
  {
    method: 'GET',
    pattern: /^\/v2\/subscribers$/,
    // Not wrapped again: the page object already has `data`.
    handle: (req) => ok(req.store.subscribers.search(parseSubscriberSearch(req.query))),
  },
  {
    method: 'POST',
    pattern: /^\/v2\/subscribers$/,
    handle: (req) => {
      const input = parseCreateSubscriber(req.body);
      if (req.query['failIfExists'] === 'true' && req.store.subscribers.get(input.subscriberId)) {
        throw conflict(`Subscriber with subscriberId: ${input.subscriberId} already exists`);
      }
      return { status: 201, body: { data: req.store.subscribers.upsert(input).subscriber } };
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/subscribers\/([^/]+)$/,
    handle: (req) => {
      const subscriber = req.store.subscribers.get(param(req, 0));
      if (!subscriber) throw notFound(`Subscriber: ${param(req, 0)} was not found`);
      return ok({ data: subscriber });
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/v2\/subscribers\/([^/]+)$/,
    // Contract §8.3: only the keys sent change (null clears); other keys are ignored.
    handle: (req) => {
      const subscriberId = param(req, 0);
      if (!req.store.subscribers.get(subscriberId)) throw notFound(`Subscriber: ${subscriberId} was not found`);
      const body = req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const allowed = Object.fromEntries(Object.entries(body).filter(([key]) => PATCHABLE.includes(key)));
      const input = parseCreateSubscriber({ ...allowed, subscriberId });
      return ok({ data: req.store.subscribers.upsert(input).subscriber });
    },
  },
  // --- Preferences (preferences.ts) ---
  {
    method: 'GET',
    pattern: /^\/v2\/subscribers\/([^/]+)\/preferences$/,
    handle: (req) => {
      const subscriberId = param(req, 0);
      const criticality = parseCriticality(req.query);
      requireSubscriber(req, subscriberId);
      return ok({ data: req.store.preferences.of(subscriberId, criticality) });
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/v2\/subscribers\/([^/]+)\/preferences$/,
    handle: (req) => {
      const subscriberId = param(req, 0);
      const patch = parsePreferencesPatch(req.body);
      requireSubscriber(req, subscriberId);
      const workflow = patch.workflowId === undefined ? undefined : req.store.workflows.find(patch.workflowId);
      if (patch.workflowId !== undefined && !workflow) throw notFound('Workflow cannot be found');
      if (workflow?.critical) {
        throw badRequest(`Critical workflow ${workflow.identifier} preferences cannot be changed`);
      }
      const update: PreferencesPatch = {};
      if (patch.channels) update.channels = patch.channels;
      if (patch.schedule) update.schedule = patch.schedule;
      if (workflow) update.workflow = workflow;
      req.store.preferences.patch(subscriberId, update);
      // The response lists the workflow that was changed; plain reads use the default criticality.
      return ok({ data: req.store.preferences.of(subscriberId, 'nonCritical') });
    },
  },
  // --- Workflows (workflows.ts) ---
  {
    method: 'GET',
    pattern: /^\/v2\/workflows$/,
    bothEnvironments: true,
    handle: (req) => ok(req.world.workflows.list(req.query, req.world.lastTriggered)),
  },
  {
    method: 'GET',
    pattern: /^\/v2\/workflows\/([^/]+)$/,
    bothEnvironments: true,
    handle: (req) => ok({ data: workflowDetail(req.world.workflows.findForRead(param(req, 0)), req.world.integrations, req.world.lastTriggered) }),
  },
  {
    // A workflow's translation group (§10.7): 404 when it has none (as a server without the module).
    method: 'GET',
    pattern: /^\/v2\/translations\/group\/(workflow|layout)\/([^/]+)$/,
    bothEnvironments: true,
    handle: (req) => {
      const workflow = param(req, 0) === 'workflow' ? req.world.workflows.all.find((w) => w.identifier === param(req, 1)) : undefined;
      if (!workflow?.translations) throw notFound('Translation group not found');
      const { locales, outdatedLocales } = workflow.translations;
      return ok({ data: { resourceId: workflow.identifier, resourceType: 'workflow', resourceName: workflow.name, locales, ...(outdatedLocales ? { outdatedLocales } : {}), createdAt: workflow.updatedAt, updatedAt: workflow.updatedAt } });
    },
  },
  // --- Environments (environments.ts, contract §10.1) ---
  {
    method: 'GET',
    pattern: /^\/v1\/environments\/me$/,
    bothEnvironments: true,
    handle: (req) => ok({ data: environmentWire(req.world.environment) }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/environments$/,
    bothEnvironments: true,
    handle: (req) => ok({ data: req.store.environments.map((e) => environmentWire(e, e._id === req.world.environment._id ? req.apiKey : '')) }),
  },
  // --- Layouts (layouts.ts, contract §10.3) ---
  {
    method: 'GET',
    pattern: /^\/v2\/layouts$/,
    bothEnvironments: true,
    handle: (req) => ok(req.world.layouts.list(req.query)),
  },
  {
    method: 'GET',
    pattern: /^\/v2\/layouts\/([^/]+)$/,
    bothEnvironments: true,
    handle: (req) => ok({ data: layoutWire(req.world.layouts.find(param(req, 0))) }),
  },
  {
    // A step rendered by the service (§9.4): a dashboard step from its content, a code step by the synced bridge.
    method: 'POST',
    pattern: /^\/v2\/workflows\/([^/]+)\/step\/([^/]+)\/preview$/,
    handle: async (req) => ({ status: 201, body: await previewStep(req.store.workflows.findForRead(param(req, 0)), param(req, 1), req.body, req.store.bridge) }),
  },
  // Drift and sync of the code workflows (§9.5, bridgeSync.ts): diff and validate answer 200, sync 201.
  {
    method: 'POST',
    pattern: /^\/v1\/bridge\/diff$/,
    handle: (req) => ok(bridgeDiff(req.store, req.body)),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/bridge\/validate$/,
    handle: async (req) => ok(await bridgeValidate(req.store, req.body)),
  },
  {
    // `?source=cli` as `npx novu sync` sends it; any source is accepted.
    method: 'POST',
    pattern: /^\/v1\/bridge\/sync$/,
    handle: async (req) => ({ status: 201, body: await bridgeSync(req.store, req.body) }),
  },
  // --- Integrations (integrations.ts) ---
  {
    // Every environment's, as servers before the API-key scope answered (§10.4): a client keeps its own.
    method: 'GET',
    pattern: /^\/v1\/integrations$/,
    bothEnvironments: true,
    handle: (req) => ok({ data: req.world.integrations.all }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/integrations\/active$/,
    handle: (req) => ok({ data: req.store.integrations.active() }),
  },
  // --- Notifications (notifications.ts) ---
  {
    method: 'GET',
    pattern: /^\/v1\/notifications$/,
    handle: (req) => ok(req.store.notifications.list(parseNotificationSearch(req.query))),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/notifications\/([^/]+)$/,
    handle: (req) => {
      const notification = req.store.notifications.get(param(req, 0));
      if (!notification) throw notFound('Notification not found');
      return ok({ data: notification });
    },
  },
  // --- Triggers (triggers.ts) ---
  {
    method: 'POST',
    pattern: /^\/v1\/events\/trigger$/,
    triggerCost: 1,
    // Always 201 for a well-formed body: the answer's `status` says whether a run started.
    handle: (req) => ({ status: 201, body: { data: req.store.triggers.accept(parseTrigger(req.body)) } }),
  },
  {
    // 1 to 100 events, one answer each in order; a failing event fails neither the others nor the request (§8.4).
    method: 'POST',
    pattern: /^\/v1\/events\/trigger\/bulk$/,
    triggerCost: 100,
    handle: (req) => ({ status: 201, body: { data: req.store.triggers.acceptBulk(parseBulkTrigger(req.body)) } }),
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/events\/trigger\/([^/]+)$/,
    handle: (req) => ok({ data: req.store.triggers.cancel(param(req, 0)) }),
  },
  // --- Topics (topics.ts), contexts (contexts.ts) and the Inbox (inbox.ts): contract §11-13 ---
  ...TOPIC_ROUTES,
  ...CONTEXT_ROUTES,
  ...INBOX_ROUTES,
];
