/**
 * Runs the project's sandbox service inside the extension host for the built-in Sandbox connection.
 * The sandbox is a separate bundle, loaded only when first used, so activation stays small.
 */
import * as path from 'node:path';
import type { Sandbox, startSandbox as StartSandbox } from '../sandbox';

export class SandboxHost {
  private starting: Promise<Sandbox> | undefined;

  constructor(private readonly distPath: string) {}

  get running(): boolean {
    return this.starting !== undefined;
  }

  /** Starts the sandbox once (on a free loopback port, with a fresh random key) and returns it. */
  ensure(): Promise<Sandbox> {
    this.starting ??= (async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { startSandbox } = require(path.join(this.distPath, 'sandboxServer.js')) as { startSandbox: typeof StartSandbox };
      return startSandbox({ apiKey: `sandbox-${globalThis.crypto.randomUUID()}` });
    })();
    this.starting.catch(() => (this.starting = undefined));
    return this.starting;
  }

  async dispose(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    if (starting) await (await starting).close();
  }
}
