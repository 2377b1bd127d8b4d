// The service's step preview (contract §9.4): `POST /v2/workflows/{workflowId}/step/{stepId}/preview`.
// A dashboard workflow's step is rendered from its content (each channel has a template that reads
// the payload and the subscriber, as the dashboard's editor writes them); a code workflow's step
// (origin `external`) is rendered by the environment's synced bridge, signed with the
// environment's key, and comes back `preview: {}` with no error when that app does not answer,
// as the live service does. The answer is wrapped in `data`, with status 201.
import { bridgeSignature } from './bridgeSigner';
import { badRequest } from './errors';
import type { Workflow } from './types';

type Channel = 'in_app' | 'email' | 'sms' | 'push' | 'chat';

/** Where the environment's code workflows are served (as `npx novu sync` left it) and the key that signs for it. */
export interface SyncedBridge {
  url: string;
  secretKey: string;
}

export interface PreviewBody {
  controlValues?: Record<string, unknown>;
  previewPayload?: { subscriber?: Record<string, unknown>; payload?: Record<string, unknown>; steps?: unknown; context?: unknown };
}

/** The step's content as the dashboard keeps it: templates with `{{payload.x}}` and `{{subscriber.x}}`. */
function contentOf(w: Workflow, channel: Channel): Record<string, string> {
  const fields = w.variables.map((v) => `${v}: {{payload.${v}}}`);
  switch (channel) {
    case 'email':
      return {
        subject: `${w.name}: {{payload.${w.variables[0] ?? 'subject'}}}`,
        body: `<!DOCTYPE html><html><body><p>Hi {{subscriber.firstName}},</p>${fields.map((f) => `<p>${f}</p>`).join('')}<p><a href="https://sandbox.example/${w.identifier}">Open</a></p></body></html>`,
      };
    case 'in_app':
      return { subject: w.name, body: `Hi {{subscriber.firstName}}: ${fields.join(', ')}` };
    case 'push':
      return { subject: w.name, body: fields.join(', ') };
    default:
      return { body: `${w.name}: ${fields.join(', ')}` };
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `{{payload.a.b}}` and `{{subscriber.x}}` filled in (HTML-escaped in HTML); what is missing stays empty. */
function render(template: string, variables: Record<string, unknown>, html: boolean): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let value: unknown = variables;
    for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return html ? escapeHtml(text) : text;
  });
}

/** What the sandbox's mock payload would be: each variable a placeholder (never to send unseen, §8.2). */
function examplePayload(w: Workflow): Record<string, unknown> {
  return Object.fromEntries(w.variables.map((v) => [v, `{{${v}}}`]));
}

/** The step of a code workflow, rendered by the synced bridge; `{}` when it does not answer as a bridge. */
async function fromBridge(bridge: SyncedBridge, w: Workflow, stepId: string, body: PreviewBody): Promise<Record<string, unknown>> {
  const event = {
    workflowId: w.identifier,
    stepId,
    action: 'preview',
    payload: body.previewPayload?.payload ?? {},
    controls: body.controlValues ?? {},
    state: [],
    subscriber: body.previewPayload?.subscriber ?? {},
    context: {},
    env: { name: '', type: 'dev' },
  };
  const text = JSON.stringify(event);
  const url = new URL(bridge.url);
  url.searchParams.set('action', 'preview');
  url.searchParams.set('workflowId', w.identifier);
  url.searchParams.set('stepId', stepId);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'novu-signature': bridgeSignature(bridge.secretKey, text, Date.now()) },
      body: text,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return {};
    const answer = (await response.json()) as { outputs?: unknown };
    return answer.outputs && typeof answer.outputs === 'object' ? (answer.outputs as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function previewStep(w: Workflow, stepRef: string, body: unknown, bridge: SyncedBridge | undefined): Promise<Record<string, unknown>> {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) throw badRequest('The body must be an object');
  const input = (body ?? {}) as PreviewBody;
  // A step by its stepId (the channel's step id here) or its `_id`, as §8.2 lists them.
  const index = w.channels.findIndex((c, i) => stepRef === `${c.replace('_', '-')}-step` || stepRef === `${w._id.slice(0, 20)}${(i + 1).toString(16).padStart(4, '0')}`);
  const channel = w.channels[index] as Channel | undefined;
  if (!channel) throw badRequest(`Step ${stepRef} was not found in workflow ${w.identifier}`);
  const variables = { payload: input.previewPayload?.payload ?? {}, subscriber: input.previewPayload?.subscriber ?? {} };
  let preview: Record<string, unknown>;
  if (w.origin === 'external') {
    // A code workflow: only the environment's synced app can render it.
    preview = bridge ? await fromBridge(bridge, w, `${channel.replace('_', '-')}-step`, input) : {};
  } else {
    const content = contentOf(w, channel);
    preview = Object.fromEntries(Object.entries(content).map(([key, template]) => [key, render(template, variables, key === 'body' && (channel === 'email' || channel === 'in_app'))]));
  }
  return {
    data: {
      result: { type: channel, preview },
      previewPayloadExample: { payload: examplePayload(w), subscriber: { subscriberId: 'preview-subscriber', firstName: '{{subscriber.firstName}}' } },
      schema: null,
    },
  };
}
