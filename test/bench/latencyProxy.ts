/**
 * A proxy in front of the sandbox that makes it as far away as a real service: every answer is held
 * back by a fixed delay (100 ms, 250 ms), and every request is recorded with when it started and
 * ended, so that a benchmark can count an action's requests and its *sequential* round trips (the
 * ones that waited for another to end), and see a request the client gave up on (aborted).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path with the query string. */
  path: string;
  /** performance.now() when the request arrived, and when its answer was sent (or it was given up). */
  startMs: number;
  endMs: number;
  status?: number;
  /** The client closed the request before the answer was sent (its abort reached the server side). */
  aborted: boolean;
}

export interface LatencyProxy {
  readonly url: string;
  delayMs: number;
  readonly requests: readonly ProxiedRequest[];
  clear(): void;
  close(): Promise<void>;
}

/** The heaviest chain of requests in which each started after the one before it had ended, by `weight`. */
function heaviestChain(requests: readonly Pick<ProxiedRequest, 'startMs' | 'endMs'>[], weight: (r: Pick<ProxiedRequest, 'startMs' | 'endMs'>) => number): number {
  const sorted = [...requests].sort((a, b) => a.startMs - b.startMs);
  const heaviest: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let before = 0;
    for (let j = 0; j < i; j++) if (sorted[j]!.endMs <= sorted[i]!.startMs) before = Math.max(before, heaviest[j]!);
    heaviest.push(before + weight(sorted[i]!));
  }
  return Math.max(0, ...heaviest);
}

/**
 * The number of round trips one after another: the longest chain of requests in which each one
 * started after the one before it had ended. Requests in parallel count once.
 */
export function sequentialRoundTrips(requests: readonly Pick<ProxiedRequest, 'startMs' | 'endMs'>[]): number {
  return heaviestChain(requests, () => 1);
}

/**
 * The time the service side took on the critical path: the longest chain (by time) of requests in
 * which each started after the one before it had ended, summed from arrival to answer at the proxy.
 * An action's time less this is what the extension itself added (before, between and after).
 */
export function criticalPathMs(requests: readonly Pick<ProxiedRequest, 'startMs' | 'endMs'>[]): number {
  return heaviestChain(requests, (r) => r.endMs - r.startMs);
}

export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const proxy = {
    delayMs,
    requests: requests as readonly ProxiedRequest[],
    clear: () => void requests.splice(0),
  };

  const server: Server = createServer((req: IncomingMessage, res) => {
    const record: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', startMs: performance.now(), endMs: Number.NaN, aborted: false };
    requests.push(record);
    let answered = false;
    const outgoing = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          // The whole round trip's latency, added once, before the answer leaves.
          setTimeout(() => {
            if (record.aborted) return;
            answered = true;
            record.status = answer.statusCode;
            record.endMs = performance.now();
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          }, proxy.delayMs);
        });
      },
    );
    outgoing.on('error', () => {
      if (answered || record.aborted) return;
      answered = true;
      record.endMs = performance.now();
      res.writeHead(502).end();
    });
    req.pipe(outgoing);
    res.on('close', () => {
      if (answered) return;
      record.aborted = true;
      record.endMs = performance.now();
      outgoing.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
