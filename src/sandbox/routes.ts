// The seven operations of the contract. Each handler returns the status and the body exactly as
// the live service puts it on the wire (see the envelope table: most bodies wrapped in `data`).
import { conflict, notFound, badRequest } from './errors';
import type { SandboxStore } from './store';
import {
  type Query,
  parseCreateSubscriber,
  parseCriticality,
  parseNotificationSearch,
  parsePreferencesPatch,
  parseSubscriberSearch,
} from './validation';

export interface RouteRequest {
  store: SandboxStore;
  params: string[];
  query: Query;
  body: unknown;
}

export interface RouteResult {
  status: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  pattern: RegExp;
  handle(req: RouteRequest): RouteResult;
}

const ok = (body: unknown): RouteResult => ({ status: 200, body });

function param(req: RouteRequest, index: number): string {
  const value = req.params[index];
  if (value === undefined) throw badRequest('Missing path parameter');
  return value;
}

function requireSubscriber(req: RouteRequest, subscriberId: string): void {
  if (!req.store.subscriber(subscriberId)) throw notFound(`Subscriber with id: ${subscriberId} not found`);
}

export const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: /^\/v2\/subscribers$/,
    // Not wrapped again: the page object already has `data`.
    handle: (req) => ok(req.store.searchSubscribers(parseSubscriberSearch(req.query))),
  },
  {
    method: 'POST',
    pattern: /^\/v2\/subscribers$/,
    handle: (req) => {
      const input = parseCreateSubscriber(req.body);
      if (req.query['failIfExists'] === 'true' && req.store.subscriber(input.subscriberId)) {
        throw conflict(`Subscriber with subscriberId: ${input.subscriberId} already exists`);
      }
      return { status: 201, body: { data: req.store.upsertSubscriber(input).subscriber } };
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/subscribers\/([^/]+)\/preferences$/,
    handle: (req) => {
      const subscriberId = param(req, 0);
      const criticality = parseCriticality(req.query);
      requireSubscriber(req, subscriberId);
      return ok({ data: req.store.preferencesOf(subscriberId, criticality) });
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/v2\/subscribers\/([^/]+)\/preferences$/,
    handle: (req) => {
      const subscriberId = param(req, 0);
      const patch = parsePreferencesPatch(req.body);
      requireSubscriber(req, subscriberId);
      const workflow = patch.workflowId === undefined ? undefined : req.store.findWorkflow(patch.workflowId);
      if (patch.workflowId !== undefined && !workflow) throw notFound('Workflow cannot be found');
      if (workflow?.critical) {
        throw badRequest(`Critical workflow ${workflow.identifier} preferences cannot be changed`);
      }
      const update: Parameters<SandboxStore['patchPreferences']>[1] = {};
      if (patch.channels) update.channels = patch.channels;
      if (patch.schedule) update.schedule = patch.schedule;
      if (workflow) update.workflow = workflow;
      req.store.patchPreferences(subscriberId, update);
      // The response lists the workflow that was changed; plain reads use the default criticality.
      return ok({ data: req.store.preferencesOf(subscriberId, 'nonCritical') });
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/integrations\/active$/,
    // The whole organization's integrations, every environment (service behaviour since 0.17.0).
    handle: (req) => ok({ data: req.store.integrations.filter((i) => i.active) }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/notifications$/,
    handle: (req) => ok(req.store.listNotifications(parseNotificationSearch(req.query))),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/notifications\/([^/]+)$/,
    handle: (req) => {
      const notification = req.store.notification(param(req, 0));
      if (!notification) throw notFound('Notification not found');
      return ok({ data: notification });
    },
  },
];
