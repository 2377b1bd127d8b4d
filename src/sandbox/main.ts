// CLI: node dist/sandbox.js [--port N] [--api-key K] [--subscribers N] [--seed N] [--latency MS]
//      [--error-rate R] [--rate-limit N] [--activity N] [--live SECONDS] [--incident]
// --activity: generated everyday notifications (default 400). --live: every SECONDS a new
// notification arrives and earlier unfinished ones move on; the feed then ends at the start time
// and writes use the real clock (activityEndsAtMs), so new notifications list first. --incident: issue
// 38's provider outage in the seed (it takes no value).
import { type SandboxOptions, startSandbox } from './index';

const USAGE =
  'Usage: node dist/sandbox.js [--port N] [--api-key K] [--subscribers N] [--seed N] [--latency MS] [--error-rate R] [--rate-limit N] [--activity N] [--live SECONDS] [--incident]';

function parseArgs(argv: readonly string[]): SandboxOptions {
  const options: SandboxOptions = {};
  const faults: NonNullable<SandboxOptions['faults']> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--incident') {
      options.incident = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    const num = (): number => {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a non-negative number, got "${value}"`);
      return n;
    };
    switch (flag) {
      case '--port': options.port = num(); break;
      case '--api-key': options.apiKey = value; break;
      case '--subscribers': options.subscriberCount = num(); break;
      case '--seed': options.seed = num(); break;
      case '--latency': faults.latencyMs = num(); break;
      case '--error-rate': faults.errorRate = Math.min(1, num()); break;
      case '--rate-limit': faults.rateLimitPerSecond = num(); break;
      case '--activity': options.activityCount = Math.floor(num()); break;
      case '--live': {
        const seconds = num();
        if (seconds <= 0) throw new Error(`--live needs a positive number of seconds, got "${value}"`);
        options.live = { everyMs: seconds * 1000 };
        options.activityEndsAtMs = Date.now();
        break;
      }
      default: throw new Error(`Unknown option ${flag}`);
    }
  }
  options.faults = faults;
  return options;
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    process.exit(2);
  }
  const sandbox = await startSandbox(options);
  console.log(`Sandbox listening on ${sandbox.url}`);
  // A sample key for a local fake service, not a secret.
  console.log(`API key: ${sandbox.apiKey}`);
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
