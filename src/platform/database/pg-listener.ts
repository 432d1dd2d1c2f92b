import { Client } from 'pg';
import type { Logger } from 'pino';

/** Re-LISTEN after a lost connection: 1 s, then doubling up to this. */
const FIRST_RELISTEN_DELAY_MS = 1000;
const MAX_RELISTEN_DELAY_MS = 30_000;

export interface PgListenerHandlers {
  /** A NOTIFY on the channel arrived (sent by a transaction that committed). */
  notified(): void;
  /**
   * The connection is listening, at start or again after a loss: what was committed while nobody
   * listened sent no NOTIFY that reached us, so the owner catches up here.
   */
  up(): void;
  /** The connection is lost; NOTIFYs are missed until `up` again. */
  down(): void;
}

/**
 * One PostgreSQL LISTEN connection on a channel of its own, kept up: when the server drops it, it
 * says so and connects again with backoff. Used by the outbox relay (wakes on commits) and the
 * search's answer cache (forgets on projection commits).
 */
export class PgListener {
  private client?: Client;
  private running = false;
  private relisten?: NodeJS.Timeout;
  private failures = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    /** `application_name` of the connection: what pg_stat_activity shows for it. */
    private readonly applicationName: string,
    private readonly handlers: PgListenerHandlers,
    private readonly log: Logger,
  ) {}

  /** Whether the connection is up and listening. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.listen();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.relisten);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (!this.running) return;
    const client = new Client({ connectionString: this.databaseUrl, application_name: this.applicationName });
    let gone = false;
    // 'error' and 'end' both come when the server drops us: react once per connection.
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      if (this.client === client) {
        this.client = undefined;
        this.log.warn({ err: err?.message, channel: this.channel }, 'LISTEN connection lost; connecting again');
        this.handlers.down();
      }
      void client.end().catch(() => undefined);
      this.scheduleListen();
    };
    client.on('notification', () => this.handlers.notified());
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (!this.running) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      if (this.failures > 0) this.log.info({ failures: this.failures, channel: this.channel }, 'LISTEN connection back');
      this.failures = 0;
      this.handlers.up();
    } catch (err) {
      this.log.warn({ err: err instanceof Error ? err.message : err, channel: this.channel }, 'could not LISTEN; retrying');
      lost();
    }
  }

  private scheduleListen(): void {
    if (!this.running || this.relisten) return;
    const delay = Math.min(FIRST_RELISTEN_DELAY_MS * 2 ** this.failures, MAX_RELISTEN_DELAY_MS);
    this.failures++;
    this.relisten = setTimeout(() => {
      this.relisten = undefined;
      void this.listen();
    }, delay);
  }
}
