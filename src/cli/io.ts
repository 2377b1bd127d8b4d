/** What the command line reads and writes through (the process's own, or a test's): its commands share it. */
export interface Writer {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface CliIo {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Writer;
  stderr: Writer;
  writeFile?: (path: string, text: string) => void;
  /** Aborted on SIGINT or SIGTERM: the app is stopped and the run ends with exit 2. */
  signal?: AbortSignal;
  version: string;
}
