/** The one "Novu Explorer" log channel. Every line passes through redaction of known secrets. */
import * as vscode from 'vscode';
import type { RequestLogEntry } from './api';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export class Log implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();
  private readonly written = new vscode.EventEmitter<{ level: LogLevel; line: string }>();
  /** Fires with every line as written (after redaction); tests read the log through it. */
  readonly onDidWrite = this.written.event;

  // l10n-ignore: the product name
  constructor(name = 'Novu Explorer') {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  /** Registers a value that must never appear in the log (API keys as they become known). */
  addSecret(value: string | undefined): void {
    if (value && value.length >= 4) this.secrets.add(value);
  }

  redact(text: string): string {
    let result = text;
    for (const secret of this.secrets) result = result.split(secret).join('[redacted]');
    // Belt and braces: an Authorization header value never reaches the log.
    return result.replace(/(ApiKey\s+)[^\s"']+/gi, '$1[redacted]');
  }

  trace(message: string): void {
    this.write('trace', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: string, error?: unknown): void {
    const cause = error instanceof Error ? `: ${error.name}: ${error.message}` : error !== undefined ? `: ${String(error)}` : '';
    this.write('error', `${message}${cause}`);
  }

  /** One line per API operation: method, path, status, duration, retries. */
  // l10n-ignore: builds a log line (the log stays English)
  request(connectionName: string, entry: RequestLogEntry): void {
    const outcome = entry.status !== undefined ? String(entry.status) : (entry.error ?? 'failed');
    const retries = entry.retries > 0 ? ` after ${entry.retries} ${entry.retries === 1 ? 'retry' : 'retries'}` : '';
    const replay = entry.replayed ? ' (idempotent replay)' : '';
    const transaction = entry.transactionId !== undefined ? ` transaction ${entry.transactionId}` : '';
    const level: LogLevel = entry.status !== undefined && entry.status < 400 ? 'info' : 'warn';
    this.write(level, `[${connectionName}] ${entry.method} ${entry.path} → ${outcome} in ${entry.durationMs} ms${retries}${replay}${transaction}`);
  }

  show(): void {
    this.channel.show(true);
  }

  private write(level: LogLevel, message: string): void {
    const line = this.redact(message);
    this.channel[level](line);
    this.written.fire({ level, line });
  }

  dispose(): void {
    this.channel.dispose();
    this.written.dispose();
  }
}
