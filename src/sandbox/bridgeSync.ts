// Drift and sync (contract §9.5): `POST /v1/bridge/diff`, `POST /v1/bridge/validate` and
// `POST /v1/bridge/sync`, as the service answers them (bodies wrapped in `data`).
//
// - diff (200): `{ data: { current: { workflows: [<definitions as last synced>], bridgeUrl }, new: <the body> } }`;
//   400 `Bridge URL not found` when the environment was never synced. The service computes nothing.
// - validate (200): `{ data: { isValid, error? } }`: an unsigned `GET <bridgeUrl>?action=health-check`
//   answering 200 with `status: "ok"` within 5 s.
// - sync (201, `?source=cli`): calls the bridge's discover signed with the environment's key (§9.2),
//   creates or updates every workflow found, deletes every code workflow the bridge did not return
//   and stores `bridgeUrl` as the environment's bridge. The sandbox answers with what it did:
//   `{ data: [{ workflowId, action: 'created' | 'updated' | 'deleted' }] }` (created and updated in
//   discover's order, then deleted in catalogue order; the live service lists the workflows it
//   created or updated). 400 `Workflow <id> was already created in Dashboard. Please use another
//   workflowId.` on an identifier clash, before anything is written; 400 `Bridge URL is not
//   reachable…` when discover fails.
//
// The cloud service refuses loopback, private, link-local and metadata bridge URLs (400 `Bridge URL
// must be a public address`); the sandbox, like a self-hosted service with an allow-list, accepts
// them unless `refuseLocalBridgeUrls` is set. The check reads the URL only (no DNS lookup).
import { isIP } from 'node:net';
import { bridgeSignature } from './bridgeSigner';
import type { SandboxClock } from './clock';
import { FieldErrors, badRequest, validationFailed } from './errors';
import type { SyncedBridge } from './stepPreview';
import { CHANNELS, type Channel, type Severity, type Workflow } from './types';
import { type Workflows, payloadSchemaOf, stepId } from './workflows';

/** A workflow as the bridge's discover lists it (§9.1), kept as the sync received it. */
export type WorkflowDefinition = Record<string, unknown> & { workflowId: string };

export interface SyncChange {
  workflowId: string;
  action: 'created' | 'updated' | 'deleted';
}

/** What the framework gives a step or payload without a schema of its own. */
const EMPTY_SCHEMA = { type: 'object', properties: {}, required: [], additionalProperties: false };
const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low', 'none'];
const HEALTH_TIMEOUT_MS = 5_000;
const DISCOVER_TIMEOUT_MS = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema one can read: any key besides `$schema` (zod 4 apps send only that one, §9.1). */
function visibleSchema(schema: unknown): Record<string, unknown> | undefined {
  return isObject(schema) && Object.keys(schema).some((key) => key !== '$schema') ? schema : undefined;
}

/** The channel steps of a definition, in step order, each channel once (digest, delay and custom steps are not channels). */
function channelsOf(definition: WorkflowDefinition): Channel[] {
  const steps = Array.isArray(definition['steps']) ? (definition['steps'] as unknown[]) : [];
  const channels: Channel[] = [];
  for (const step of steps) {
    const type = isObject(step) ? step['type'] : undefined;
    if ((CHANNELS as readonly unknown[]).includes(type) && !channels.includes(type as Channel)) channels.push(type as Channel);
  }
  return channels;
}

/** The seeded code workflow as discover would list it: one step per channel, its payload schema. */
function definitionFromWorkflow(w: Workflow): WorkflowDefinition {
  return {
    workflowId: w.identifier,
    name: w.name,
    origin: 'external',
    steps: w.channels.map((c) => ({ stepId: stepId(c), type: c, controls: { schema: structuredClone(EMPTY_SCHEMA) } })),
    payload: { schema: payloadSchemaOf(w) ?? structuredClone(EMPTY_SCHEMA) },
    controls: { schema: {} },
  };
}

/** The environment's code workflows (origin `external`): their definitions as last synced, and the sync that changes them. */
export class CodeWorkflows {
  /** By workflow `_id`: what the last sync received. A seeded code workflow without one is described from its channels. */
  private readonly definitions = new Map<string, WorkflowDefinition>();
  private created = 0;

  constructor(
    private readonly workflows: Workflows,
    private readonly clock: SandboxClock,
  ) {}

  /** `current.workflows` of a diff: every code workflow of the environment, in catalogue order. */
  current(): WorkflowDefinition[] {
    return this.workflows.all.filter((w) => w.origin === 'external').map((w) => structuredClone(this.definitions.get(w._id) ?? definitionFromWorkflow(w)));
  }

  /**
   * Applies what discover returned: refuses the whole sync when a workflowId is a dashboard
   * workflow's (nothing written), then creates, updates and deletes.
   */
  apply(discovered: readonly WorkflowDefinition[]): SyncChange[] {
    const byId = new Map<string, WorkflowDefinition>();
    for (const definition of discovered) if (!byId.has(definition.workflowId)) byId.set(definition.workflowId, definition);
    for (const workflowId of byId.keys()) {
      const existing = this.workflows.all.find((w) => w.identifier === workflowId);
      if (existing && existing.origin !== 'external') throw badRequest(`Workflow ${workflowId} was already created in Dashboard. Please use another workflowId.`);
    }
    const changes: SyncChange[] = [];
    for (const [workflowId, definition] of byId) {
      let workflow = this.workflows.all.find((w) => w.identifier === workflowId);
      if (workflow) {
        changes.push({ workflowId, action: 'updated' });
      } else {
        workflow = this.newWorkflow(workflowId);
        this.workflows.add(workflow);
        changes.push({ workflowId, action: 'created' });
      }
      this.describe(workflow, definition);
    }
    for (const w of this.workflows.all.filter((x) => x.origin === 'external' && !byId.has(x.identifier))) {
      this.workflows.remove(w);
      this.definitions.delete(w._id);
      changes.push({ workflowId: w.identifier, action: 'deleted' });
    }
    return changes;
  }

  private newWorkflow(identifier: string): Workflow {
    this.created += 1;
    const _id = `6615c0ffee00000000f3${this.created.toString(16).padStart(4, '0')}`;
    return {
      _id,
      identifier,
      slug: `${identifier}_wf_${_id.slice(-8)}`,
      name: identifier,
      critical: false,
      severity: 'none',
      origin: 'external',
      tags: [],
      channels: [],
      defaults: {},
      forced: {},
      variables: [],
      updatedAt: '',
      // Not picked by generated activity: the seeded world stays as it was.
      quiet: true,
    };
  }

  /** The workflow as the definition says, where it says it; the definition is kept for the next diff. */
  private describe(w: Workflow, definition: WorkflowDefinition): void {
    this.definitions.set(w._id, structuredClone(definition));
    const name = definition['name'];
    w.name = typeof name === 'string' && name.trim() !== '' ? name : w.identifier;
    w.channels = channelsOf(definition);
    if (w.controlIssues) {
      for (const channel of Object.keys(w.controlIssues) as Channel[]) if (!w.channels.includes(channel)) delete w.controlIssues[channel];
    }
    const tags = definition['tags'];
    if (Array.isArray(tags) && tags.every((t) => typeof t === 'string')) w.tags = [...(tags as string[])];
    const severity = definition['severity'];
    if (SEVERITIES.includes(severity as Severity)) w.severity = severity as Severity;
    const preferences = definition['preferences'];
    if (isObject(preferences)) {
      const all = preferences['all'];
      if (isObject(all) && typeof all['readOnly'] === 'boolean') w.critical = all['readOnly'];
      const channels = preferences['channels'];
      if (isObject(channels)) {
        w.defaults = {};
        for (const channel of w.channels) {
          const setting = channels[channel];
          if (isObject(setting) && typeof setting['enabled'] === 'boolean') w.defaults[channel] = setting['enabled'];
        }
      }
    }
    // A visible payload schema is the workflow's (code workflows check it at run time, not with a
    // 400); an invisible one (zod 4) leaves the service without one.
    const payload = definition['payload'];
    const schema = visibleSchema(isObject(payload) ? payload['schema'] : undefined);
    if (schema) {
      w.payloadSchema = structuredClone(schema);
      const properties = schema['properties'];
      w.variables = isObject(properties) ? Object.keys(properties) : [];
      delete w.requiredPayload;
    } else {
      delete w.payloadSchema;
    }
    w.updatedAt = this.clock.tick();
  }
}

// --- The address guard ---

/** The 32-bit value of a dotted IPv4 address. */
function ipv4Value(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function isLocalIpv4(address: string): boolean {
  const value = ipv4Value(address);
  const within = (base: string, bits: number) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(ipv4Value(base) / 2 ** (32 - bits));
  return (
    within('0.0.0.0', 8) || // "this network"
    within('10.0.0.0', 8) ||
    within('100.64.0.0', 10) || // carrier-grade NAT (and a cloud's metadata address)
    within('127.0.0.0', 8) ||
    within('169.254.0.0', 16) || // link-local, the usual metadata address
    within('172.16.0.0', 12) ||
    within('192.0.0.0', 24) ||
    within('192.168.0.0', 16) ||
    within('198.18.0.0', 15) ||
    value >= ipv4Value('224.0.0.0') // multicast, reserved, broadcast
  );
}

/** The eight 16-bit words of an IPv6 address (an embedded dotted IPv4 included). */
function ipv6Words(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const value = ipv4Value(dotted);
    tail.push(Math.floor(value / 65536), value % 65536);
    text = text.slice(0, -dotted.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const before = parse(head);
  const after = rest === undefined ? [] : parse(rest);
  const zeros = Array.from({ length: Math.max(0, 8 - before.length - after.length - tail.length) }, () => 0);
  return [...before, ...zeros, ...after, ...tail];
}

function isLocalIpv6(address: string): boolean {
  const words = ipv6Words(address);
  const first = words[0] ?? 0;
  if ((first & 0xfe00) === 0xfc00) return true; // unique local (fd00:ec2::254 is a metadata address)
  if ((first & 0xffc0) === 0xfe80) return true; // link-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (words.slice(0, 5).every((w) => w === 0)) {
    // ::, ::1, and IPv4 in IPv6 (::a.b.c.d, ::ffff:a.b.c.d): the IPv4 address decides.
    const sixth = words[5] ?? 0;
    if (sixth === 0 || sixth === 0xffff) return isLocalIpv4(`${(words[6] ?? 0) >> 8}.${(words[6] ?? 0) & 255}.${(words[7] ?? 0) >> 8}.${(words[7] ?? 0) & 255}`);
  }
  return false;
}

/** Host names that name this machine, a private network or a cloud's metadata service. */
function isLocalName(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') || // metadata.google.internal, *.ec2.internal, host.docker.internal
    name === 'metadata' ||
    name === 'metadata.goog' ||
    name === 'instance-data'
  );
}

/** True for a URL whose host is loopback, private-network, link-local or a metadata address (as written: no DNS lookup). */
export function isLocalBridgeUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '') return true;
  const version = isIP(host);
  if (version === 4) return isLocalIpv4(host);
  if (version === 6) return isLocalIpv6(host);
  return isLocalName(host);
}

// --- The routes ---

interface BridgeBody {
  raw: Record<string, unknown>;
  bridgeUrl: string;
  url: URL;
}

/** `{ bridgeUrl, workflows? }`: 422 as class-validator words it for a missing or malformed field. */
function parseBody(body: unknown, withWorkflows: boolean): BridgeBody {
  if (!isObject(body)) throw validationFailed({ general: { messages: ['Request body must be a JSON object'], value: null } });
  const errors = new FieldErrors();
  const bridgeUrl = body['bridgeUrl'];
  let url: URL | undefined;
  if (typeof bridgeUrl === 'string') {
    try {
      url = new URL(bridgeUrl);
    } catch {
      url = undefined;
    }
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) errors.add('bridgeUrl', 'bridgeUrl must be a URL address', bridgeUrl);
  if (withWorkflows && body['workflows'] !== undefined && !Array.isArray(body['workflows'])) errors.add('workflows', 'workflows must be an array', body['workflows']);
  errors.throwIfAny();
  return { raw: body, bridgeUrl: bridgeUrl as string, url: url! };
}

/** What a sync reads and writes of the store, named here so that this module need not import the store that builds it. */
export interface BridgeSyncStore {
  readonly refuseLocalBridgeUrls: boolean;
  readonly apiKey: string | undefined;
  readonly codeWorkflows: CodeWorkflows;
  bridge: SyncedBridge | undefined;
}

function guard(store: BridgeSyncStore, url: URL): void {
  if (store.refuseLocalBridgeUrls && isLocalBridgeUrl(url)) throw badRequest('Bridge URL must be a public address');
}

/** `POST /v1/bridge/diff`: the environment's code workflows as last synced, beside the body as sent. */
export function bridgeDiff(store: BridgeSyncStore, body: unknown): { data: { current: { workflows: WorkflowDefinition[]; bridgeUrl: string }; new: unknown } } {
  const input = parseBody(body, true);
  guard(store, input.url);
  if (!store.bridge) throw badRequest('Bridge URL not found');
  return { data: { current: { workflows: store.codeWorkflows.current(), bridgeUrl: store.bridge.url }, new: input.raw } };
}

function withAction(url: URL, action: string): URL {
  const target = new URL(url);
  target.searchParams.set('action', action);
  return target;
}

const isTimeout = (error: unknown): boolean => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** `POST /v1/bridge/validate`: does an unsigned health-check answer 200 with `status: "ok"` within 5 s. */
export async function bridgeValidate(store: BridgeSyncStore, body: unknown): Promise<{ data: { isValid: boolean; error?: string } }> {
  const input = parseBody(body, false);
  guard(store, input.url);
  try {
    const response = await fetch(withAction(input.url, 'health-check'), {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      // Refusing local addresses: a redirect must not lead to one.
      redirect: store.refuseLocalBridgeUrls ? 'manual' : 'follow',
    });
    const text = await response.text();
    if (response.status !== 200) return { data: { isValid: false, error: `The bridge's health-check answered ${response.status}` } };
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (!isObject(answer) || answer['status'] !== 'ok') return { data: { isValid: false, error: 'The URL did not answer as a bridge (no health-check status "ok")' } };
    return { data: { isValid: true } };
  } catch (error) {
    return { data: { isValid: false, error: isTimeout(error) ? `The bridge did not answer within ${HEALTH_TIMEOUT_MS / 1000} seconds` : 'The bridge could not be reached' } };
  }
}

/** The bridge's discover, signed; 400 `Bridge URL is not reachable…` when it does not answer as a bridge. */
async function discover(store: BridgeSyncStore, url: URL): Promise<WorkflowDefinition[]> {
  const unreachable = (detail?: string) => badRequest(detail ? `Bridge URL is not reachable: ${detail}` : 'Bridge URL is not reachable');
  let response: Response;
  let text: string;
  try {
    const headers: Record<string, string> = {};
    // For a GET the signed body is `{}` (§9.2); sign just before sending.
    if (store.apiKey) headers['novu-signature'] = bridgeSignature(store.apiKey, '{}', Date.now());
    response = await fetch(withAction(url, 'discover'), {
      headers,
      signal: AbortSignal.timeout(DISCOVER_TIMEOUT_MS),
      redirect: store.refuseLocalBridgeUrls ? 'manual' : 'follow',
    });
    text = await response.text();
  } catch {
    throw unreachable();
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (response.status !== 200) {
    const code = isObject(answer) && typeof answer['code'] === 'string' ? ` ${answer['code']}` : '';
    throw unreachable(`the bridge answered ${response.status}${code}`);
  }
  const workflows = isObject(answer) ? answer['workflows'] : undefined;
  const valid =
    Array.isArray(workflows) &&
    workflows.every(
      (w) =>
        isObject(w) &&
        typeof w['workflowId'] === 'string' &&
        w['workflowId'] !== '' &&
        Array.isArray(w['steps']) &&
        (w['steps'] as unknown[]).every((s) => isObject(s) && typeof s['stepId'] === 'string' && typeof s['type'] === 'string'),
    );
  if (!valid) throw unreachable('its discover answer is not a bridge’s');
  return workflows as WorkflowDefinition[];
}

/** `POST /v1/bridge/sync?source=cli`: discover, then create, update and delete, and keep the URL as the environment's bridge. */
export async function bridgeSync(store: BridgeSyncStore, body: unknown): Promise<{ data: SyncChange[] }> {
  const input = parseBody(body, false);
  guard(store, input.url);
  const discovered = await discover(store, input.url);
  const changes = store.codeWorkflows.apply(discovered);
  store.bridge = { url: input.bridgeUrl, secretKey: store.apiKey ?? '' };
  return { data: changes };
}
