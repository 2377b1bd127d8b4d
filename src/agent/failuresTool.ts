/** #novuFailures: a window's failures grouped by cause, read-only, at most 1,000 runs read (the newest). */
import * as z from 'zod/mini';
import { CHANNEL_TYPES } from '../api/constants';
import type { NovuClient } from '../api';
import { FAILURE_RANGES } from '../failures/protocol';
import { createGrouping } from '../failures/grouping';
import { readWindow } from '../failures/windowReader';
import { resolveWindow, type FailureWindow } from '../failures/windows';
import type { Where } from './agentReports';
import { failuresReport } from './failuresReport';

export const failuresSchema = z.object({
  window: z.optional(z.enum(FAILURE_RANGES)),
  channel: z.optional(z.enum(CHANNEL_TYPES)),
  subscriberId: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  /** A custom window instead: its start and end, as dates or durations back from now (checked by the caller). */
  since: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  until: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

/** The most runs the agent's read goes through: 20 pages of 50. */
export const AGENT_FAILURES_RUNS = 1000;

export async function failuresAnswer(
  where: Where,
  client: NovuClient,
  input: Omit<z.infer<typeof failuresSchema>, 'window'> & { window: FailureWindow },
  signal: AbortSignal,
  nowMs = Date.now(),
): Promise<string> {
  const { startMs, endMs, label } = resolveWindow(input.window, nowMs);
  const grouping = createGrouping({ startMs, endMs });
  // A cap of our own stops the read; the caller's cancellation does too.
  const enough = new AbortController();
  const stop = () => enough.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const result = await readWindow({
      client,
      query: { after: new Date(startMs).toISOString(), before: new Date(endMs).toISOString(), ...(input.channel ? { channels: [input.channel] } : {}), ...(input.subscriberId ? { subscriberIds: [input.subscriberId] } : {}) },
      signal: enough.signal,
      onPage: (runs) => {
        grouping.add(runs);
        if (grouping.runsRead >= AGENT_FAILURES_RUNS) enough.abort();
      },
    });
    signal.throwIfAborted();
    return failuresReport({
      where,
      window: { label, after: new Date(startMs).toISOString(), before: result.before },
      runsRead: result.runs,
      ...(result.complete ? {} : { partial: result.estimatedTotal !== undefined ? { estimatedTotal: result.estimatedTotal } : {} }),
      failedSteps: grouping.failedSteps,
      groups: grouping.groups(),
    });
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
