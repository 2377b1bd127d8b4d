/**
 * The small strict bridge the CLI's unit tests run against over real HTTP: one workflow, `greet`,
 * with an SMS step whose text is "Hi <name>" and a suffix, and the key too when the payload's `echo`
 * is set (a leaky app). The signature is checked with `key` as @novu/framework does. `bodyLimit`:
 * a body longer than it gets Express's own 413 page, before the bridge (express.json()'s limit).
 */
import { sendJson } from '../../fixtures/testServer';
import { checkSignature } from '../preview/fakeBridge';

export const caseFile = (cases: unknown[]): string => `${JSON.stringify({ workflow: 'greet', cases }, null, 2)}\n`;

export function greetBridge(key: string, state: { smsSuffix: string; bodyLimit?: number }) {
  return (req: { method: string; url: string; headers: Record<string, unknown>; body: string }, res: Parameters<typeof sendJson>[0]) => {
    const action = new URL(req.url, 'http://bridge.test').searchParams.get('action') ?? 'health-check';
    if (state.bodyLimit !== undefined && req.body.length > state.bodyLimit) {
      res.writeHead(413, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<pre>PayloadTooLargeError: request entity too large</pre>');
      return;
    }
    if (action === 'health-check') return sendJson(res, 200, { status: 'ok', sdkVersion: '2.13.2', frameworkVersion: '2024-06-26', discovered: { workflows: 1, steps: 1 } });
    const body = req.method === 'POST' ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    const refused = checkSignature(req.headers['novu-signature'] as string | undefined, body, key);
    if (refused) return sendJson(res, refused.status, refused.body);
    if (action === 'discover') {
      return sendJson(res, 200, {
        workflows: [
          {
            workflowId: 'greet',
            payload: { schema: { type: 'object', properties: { name: { type: 'string', default: 'there' }, echo: { type: 'boolean' } }, required: ['name'] } },
            steps: [{ stepId: 'greet-sms', type: 'sms', controls: { schema: { type: 'object' } }, outputs: { schema: { type: 'object' } } }],
          },
        ],
        agents: [],
      });
    }
    const payload = (body['payload'] ?? {}) as Record<string, unknown>;
    const text = `Hi ${String(payload['name'])}${state.smsSuffix}${payload['echo'] === true ? ` (key ${key})` : ''}`;
    return sendJson(res, 200, { outputs: { body: text }, providers: {}, options: { skip: false }, metadata: { status: 'success', error: false, duration: 1 } });
  };
}
