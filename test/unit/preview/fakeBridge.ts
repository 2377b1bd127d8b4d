/**
 * A purpose-built stand-in for a user's app serving @novu/framework 2.13.2 at /api/novu, strict
 * (NODE_ENV=production): it checks `novu-signature` as the framework does (±5 minutes, HMAC over
 * `JSON.stringify` of the parsed body, case-sensitive hex) and answers with the real bodies of
 * bridgeAnswers.ts. Anything else at the server is Express's HTML 404.
 */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Handler, RecordedRequest } from '../../fixtures/testServer';
import * as answers from './bridgeAnswers';

export interface Canned {
  status: number;
  body: unknown;
  /** Sent as is instead of `body`'s JSON (HTML answers). */
  raw?: string;
  contentType?: string;
}

export function send(res: ServerResponse, answer: Canned): void {
  res.writeHead(answer.status, {
    'content-type': answer.contentType ?? 'application/json; charset=utf-8',
    ...(answer.raw === undefined ? { 'access-control-allow-origin': '*', 'novu-framework-sdk': '2.13.2' } : {}),
  });
  res.end(answer.raw ?? JSON.stringify(answer.body));
}

export const expressNotFound = (method: string, path: string): Canned => ({
  status: 404,
  body: undefined,
  raw: answers.expressNotFound.replace('Cannot GET /api/nov', `Cannot ${method} ${path}`),
  contentType: 'text/html; charset=utf-8',
});

/** The framework's check of `novu-signature`; undefined when it passes. */
export function checkSignature(header: string | undefined, body: unknown, secret: string, now = Date.now()): Canned | undefined {
  if (!header) return { status: 401, body: { message: 'Signature not found. Please provide a signature in the `novu-signature` header', code: 'SignatureNotFoundError' } };
  const parts: Record<string, string> = {};
  for (const part of header.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    if (key && !(key in parts)) parts[key] = rest.join('=');
  }
  const t = Number(parts['t']);
  if (!parts['v1'] || parts['t'] === undefined || !Number.isFinite(t)) return { status: 401, body: answers.signatureInvalid };
  if (t < now - 300_000 || t > now + 300_000) return { status: 401, body: answers.signatureExpired };
  const mac = createHmac('sha256', secret).update(`${t}.${JSON.stringify(body)}`).digest('hex');
  if (mac !== parts['v1']) return { status: 401, body: answers.signatureMismatch };
  return undefined;
}

export interface FakeBridgeOptions {
  secret: string;
  /** Preview answers by `workflowId/stepId`; an unknown step is 200 with empty outputs, as the framework does. */
  previews?: Record<string, Canned>;
}

export function fakeBridge(options: FakeBridgeOptions): Handler {
  return (req: RecordedRequest, res: ServerResponse) => {
    const url = new URL(req.url, 'http://bridge.test');
    if (url.pathname !== '/api/novu') return send(res, expressNotFound(req.method, url.pathname));
    const action = url.searchParams.get('action') || 'health-check';
    let body: unknown = {};
    if (req.method === 'POST' && String(req.headers['content-type']).startsWith('application/json')) {
      try {
        body = JSON.parse(req.body);
      } catch {
        return send(res, { status: 400, body: undefined, raw: '<!DOCTYPE html><html><body><pre>Bad Request</pre></body></html>', contentType: 'text/html; charset=utf-8' });
      }
    }
    if (action !== 'health-check') {
      const refused = checkSignature(req.headers['novu-signature'] as string | undefined, body, options.secret);
      if (refused) return send(res, refused);
    }
    const workflowId = url.searchParams.get('workflowId');
    const stepId = url.searchParams.get('stepId');
    if (req.method === 'GET' && action === 'health-check') return send(res, { status: 200, body: answers.health });
    if (req.method === 'GET' && action === 'discover') return send(res, { status: 200, body: answers.discover });
    if (req.method === 'GET' && action === 'code') {
      if (workflowId !== 'account-welcome') {
        return send(res, { status: 404, body: { message: `Workflow with id: \`${workflowId}\` does not exist. Please provide a valid id.`, code: 'WorkflowNotFoundError' } });
      }
      return send(res, { status: 200, body: stepId ? answers.codeStep : { code: answers.discover.workflows[0].code } });
    }
    if (req.method === 'POST' && action === 'preview') {
      const canned = options.previews?.[`${workflowId}/${stepId}`];
      return send(res, canned ?? { status: 200, body: answers.unknownStep });
    }
    return send(res, { status: 400, body: { message: `Invalid query string: \`action\`=\`${action}\`. Please use one of \`discover\`, \`health-check\`, \`code\``, code: 'InvalidActionError' } });
  };
}
