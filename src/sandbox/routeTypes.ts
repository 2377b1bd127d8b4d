/** What a route of the sandbox is given and answers (routes.ts and its groups share it). */
import type { EnvironmentWorld, SandboxFeature, SandboxStore } from './store';
import type { Query } from './types';

export interface RouteRequest {
  store: SandboxStore;
  /** The environment the request's key is for: Development (the sandbox key) or Production (the second key). */
  world: EnvironmentWorld;
  /** The key the request carried: `GET /v1/environments` puts it in the caller's `apiKeys`, as the service does. */
  apiKey: string;
  params: string[];
  query: Query;
  body: unknown;
}

export interface RouteResult {
  status: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  /** What a request takes from the `trigger` category's bucket (contract §8.4: a bulk request costs 100). */
  triggerCost?: number;
  /** Answered for the Production key too (the reads of a comparison); every other route is Development's only. */
  bothEnvironments?: true;
  /** The part of the contract the route belongs to: missing (Nest's bare 404) when the sandbox is started without it. */
  feature?: SandboxFeature;
  /** Answered without an API key (the Inbox's session, which a browser opens). */
  keyless?: true;
  handle(req: RouteRequest): RouteResult | Promise<RouteResult>;
}
