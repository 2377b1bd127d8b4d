/**
 * The results of a workflow's other steps, as a case renders one of them (issue 51, §13): the
 * bridge's `state` (contract §9.3: `{ stepId, outputs, state: { status } }`). Without it the
 * framework's preview mocks each earlier step's result at random: a digest's 1 to 5 events with
 * empty payloads, an in-app step's `seen` and `read`, a custom step's outputs. So every step gets a
 * result here, the same on every run:
 * - the case's own (`"steps": { "<stepId>": { … } }`), over the fixed instance of the step's
 *   results schema (casePayload's rule: defaults, else samples);
 * - a digest's events, when the case gives none: {@link DIGEST_EVENTS} events, each carrying the
 *   payload the case sends, with fixed ids and times. An event the case gives without an `id`,
 *   `time` or `payload` gets them the same way.
 * A step that runs later than the one rendered never reads its entry. Pure: no vscode.
 */
import { l10n } from '../l10n';
import { casePayload, SAMPLE_DATE } from './casePayload';

/** How many events a digest collected when the case does not say. */
export const DIGEST_EVENTS = 2;

export interface StepState {
  stepId: string;
  outputs: Record<string, unknown>;
  state: { status: 'success' };
}

export interface CaseState {
  state: StepState[];
  /** The steps whose results a later step may read and the case did not give (the runner made them): digests and custom steps. */
  made: { stepId: string; type: string; events?: number }[];
}

interface StepOf {
  stepId: string;
  type: string;
  results?: { schema?: unknown };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Each step's result for a case with these `given` results, sending `payload`. */
export function caseState(steps: readonly StepOf[], given: Readonly<Record<string, Record<string, unknown>>>, payload: Record<string, unknown>): CaseState {
  const made: CaseState['made'] = [];
  const state = steps.map((step): StepState => {
    const own = Object.prototype.hasOwnProperty.call(given, step.stepId) ? given[step.stepId] : undefined;
    let outputs = casePayload(own ?? {}, step.results?.schema).payload;
    if (step.type === 'digest') {
      const events = Array.isArray(own?.['events']) ? (own['events'] as unknown[]).map((e, i) => eventOf(isObject(e) ? e : {}, i, payload)) : Array.from({ length: DIGEST_EVENTS }, (_, i) => eventOf({}, i, payload));
      outputs = { ...outputs, events, ...(typeof own?.['eventCount'] === 'number' ? {} : { eventCount: events.length }) };
      if (!own) made.push({ stepId: step.stepId, type: step.type, events: events.length });
    } else if (step.type === 'custom' && !own) {
      made.push({ stepId: step.stepId, type: step.type });
    }
    return { stepId: step.stepId, outputs, state: { status: 'success' } };
  });
  return { state, made };
}

function eventOf(given: Record<string, unknown>, index: number, payload: Record<string, unknown>): Record<string, unknown> {
  return {
    id: typeof given['id'] === 'string' ? given['id'] : `novu-test-event-${index + 1}`,
    time: typeof given['time'] === 'string' ? given['time'] : SAMPLE_DATE,
    payload: isObject(given['payload']) ? given['payload'] : JSON.parse(JSON.stringify(payload)),
    ...Object.fromEntries(Object.entries(given).filter(([key]) => key !== 'id' && key !== 'time' && key !== 'payload')),
  };
}

/** What the runner made of other steps' results, in words (one line each surface shows beside the keys not set); undefined when nothing. */
export function madeWords(made: CaseState['made'] | undefined): string | undefined {
  if (!made || made.length === 0) return undefined;
  const parts = made.map((m) => (m.type === 'digest' ? l10n.t('{0} (a digest): {1} fixed events carrying this payload', m.stepId, m.events ?? 0) : l10n.t('{0} (a custom step): fixed outputs from its schema', m.stepId)));
  return l10n.t('results the case did not give (its "steps" key), fixed by the runner: {0}', parts.join('; '));
}
