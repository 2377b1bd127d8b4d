/**
 * Reading a subscriber's preferences as the panel and the agent's tool both do (contract §3): the
 * editable ones and, apart, the critical workflows (read-only), with the subscriber alongside for
 * its time zone. An older server without the GET route is read through PATCH with an empty body.
 * vscode-free: the caller gives the log.
 */
import { NovuApiError, type NovuClient, type Preferences, type Subscriber, type WorkflowPreference, updatePreferences } from '../api';
import { describeError } from '../ui/errors';

/** A 404/405 for the route itself (an older server without GET), not for the subscriber. */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof NovuApiError && (error.status === 405 || (error.status === 404 && /^Cannot (GET|PATCH)\b/.test(error.message)));
}

export interface PreferencesReadLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface PreferencesRead {
  preferences: Preferences;
  critical: WorkflowPreference[];
  /** Read through PATCH with an empty body: the server has no GET. */
  readFallback: boolean;
  /** The subscriber, when asked for and found (a failure only leaves it unknown). */
  subscriber: Subscriber | undefined;
}

export async function readPreferences(
  client: NovuClient,
  subscriberId: string,
  options: { signal?: AbortSignal; withSubscriber: boolean; log: PreferencesReadLog },
): Promise<PreferencesRead> {
  const { signal, log } = options;
  const subscriber = options.withSubscriber ? readSubscriber(client, subscriberId, log, signal) : Promise.resolve(undefined);
  let preferences: Preferences;
  let critical: WorkflowPreference[] = [];
  let readFallback = false;
  try {
    const [editable, criticalOnly] = await Promise.all([
      client.getPreferences(subscriberId, { ...(signal ? { signal } : {}) }),
      client.getPreferences(subscriberId, { criticality: 'critical', ...(signal ? { signal } : {}) }).catch((error: unknown) => {
        if (isMissingRoute(error)) throw error;
        // The critical list only adds read-only workflows; without it the rest still works.
        log.warn(`Could not read the critical workflows of ${subscriberId}: ${describeError(error).message}`);
        return undefined;
      }),
    ]);
    preferences = editable;
    critical = criticalOnly?.workflows ?? [];
  } catch (error) {
    if (!isMissingRoute(error)) throw error;
    log.info(`GET /v2/subscribers/{id}/preferences is not on this server (${(error as NovuApiError).status}); reading through PATCH with an empty body.`);
    preferences = await updatePreferences(client, subscriberId, {}, { ...(signal ? { signal } : {}) });
    readFallback = true;
  }
  return { preferences, critical, readFallback, subscriber: await subscriber };
}

/** The subscriber, for its time zone; a failure only leaves the time zone unknown. */
async function readSubscriber(client: NovuClient, subscriberId: string, log: PreferencesReadLog, signal: AbortSignal | undefined): Promise<Subscriber | undefined> {
  try {
    const page = await client.searchSubscribers({ subscriberId, limit: 1 }, { ...(signal ? { signal } : {}) });
    return page.data.find((s) => s.subscriberId === subscriberId);
  } catch (error) {
    log.warn(`Could not read subscriber ${subscriberId} for its time zone: ${describeError(error).message}`);
    return undefined;
  }
}
