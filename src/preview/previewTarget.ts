/** What a lens, a Workflows row or a caller gives Preview, read loosely (a command's argument): a workflow, a step and the steps the code shows. */
export interface PreviewTarget {
  workflowId: string;
  stepId?: string;
  /** The steps the code shows (from the lens), until discover says. */
  codeSteps?: { stepId: string; type: string }[];
  /** Rendered by the service (§9.4): a dashboard workflow, or a synced code workflow when the app is not running here. */
  via?: 'app' | 'service';
  /** The step's type, when the step is known only by it (a run's job). */
  stepType?: string;
  /** A past run's payload and subscriber (the notification panel's "Render with this run's payload"). */
  run?: { payload: Record<string, unknown>; subscriber: Record<string, unknown> };
}

/** What a lens or a caller gives Preview: a workflow, a step and the steps the code shows. */
export function previewTarget(value: unknown): PreviewTarget | undefined {
  if (!value || typeof value !== 'object') return undefined;
  let v = value as Record<string, unknown>;
  // A Workflows view row: its trigger identifier; a dashboard workflow is rendered by the service (§9.4).
  if (v['workflow'] && typeof v['workflow'] === 'object') {
    const row = v['workflow'] as Record<string, unknown>;
    v = { workflowId: row['workflowId'], via: row['origin'] === 'external' ? 'app' : 'service' };
  }
  if (typeof v['workflowId'] !== 'string' || !v['workflowId']) return undefined;
  const steps = Array.isArray(v['codeSteps']) ? v['codeSteps'].filter((s): s is { stepId: string; type: string } => !!s && typeof s === 'object' && typeof s.stepId === 'string' && typeof s.type === 'string') : [];
  const run = v['run'] && typeof v['run'] === 'object' ? (v['run'] as { payload?: unknown; subscriber?: unknown }) : undefined;
  const object = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
  return {
    workflowId: v['workflowId'],
    ...(typeof v['stepId'] === 'string' ? { stepId: v['stepId'] } : {}),
    codeSteps: steps,
    ...(v['via'] === 'service' || v['via'] === 'app' ? { via: v['via'] } : {}),
    ...(typeof v['stepType'] === 'string' ? { stepType: v['stepType'] } : {}),
    ...(run ? { run: { payload: object(run.payload), subscriber: object(run.subscriber) } } : {}),
  };
}
