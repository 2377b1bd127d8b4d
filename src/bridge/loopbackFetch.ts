/**
 * A fetch for an app on this machine (issue 51, C2): Node's own http, its connections kept alive,
 * instead of the extension host's fetch. That fetch, and `http.request` there, are VS Code's: they
 * read the proxy settings and the system's certificates again for every request, work an app at
 * localhost never needs (about 2 ms of the extension host's CPU a request: a run of 1,000 cases
 * sends 3,000). Any other URL
 * (https, another host) goes to the fetch given, with VS Code's proxy support. Pure: no vscode.
 */
import * as http from 'node:http';
import { urlToHttpOptions } from 'node:url';
import { isThisMachine } from './addressRule';

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/** An http URL of this machine, by the one address rule (localhost, 127.0.0.0/8, [::1]…). */
export function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && isThisMachine(url.href);
}

export function loopbackFetch(other: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  // Free sockets are unreferenced by the agent: they keep no process alive.
  const agent = new http.Agent({ keepAlive: true });
  const send = (url: URL, init: RequestInit | undefined, retry: boolean): Promise<Response> =>
    new Promise((resolve, reject) => {
      // A ClientRequest of its own, as http.request makes one: in the extension host `http.request`
      // is VS Code's too, which asks for the proxy settings and a proxy agent for every request.
      const options = { ...urlToHttpOptions(url), method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string> | undefined) }, agent, ...(init?.signal ? { signal: init.signal } : {}) };
      const request = new http.ClientRequest(options, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = answer.statusCode ?? 0;
          if (status < 200 || status > 599) return reject(Object.assign(new Error(String(status)), { code: 'UND_ERR_INVALID_STATUS' }));
          resolve(new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: answer.statusMessage ?? '', headers }));
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept connection the app closed as it was reused: sent again once, on a new one.
        if (retry && request.reusedSocket && error.code === 'ECONNRESET') send(url, init, false).then(resolve, reject);
        else reject(error);
      });
      request.end(init?.body ?? undefined);
    });
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = init?.body;
    return isLoopback(url) && (body === undefined || body === null || typeof body === 'string') ? send(url, init, true) : other(input, init);
  };
}
