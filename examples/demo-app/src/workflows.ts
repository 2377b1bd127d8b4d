// A workflow defined in code with @novu/framework (synced to the service with `npx novu sync`).
import { workflow } from '@novu/framework';
import { z } from 'zod';

export const onboardingDigest = workflow(
  'onboarding-digest',
  async ({ step, payload }) => {
    await step.email('digest-email', async () => ({ subject: `Your first week, ${payload.firstName}`, body: 'Here is what happened.' }));
  },
  { payloadSchema: z.object({ firstName: z.string() }) },
);

export async function sendDigest(subscriberId: string): Promise<void> {
  await onboardingDigest.trigger({ to: subscriberId, payload: { firstName: 'Ada' } });
}
