import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import type { SeedResult } from './seed';

/** What the seed's process is sent: the database, and the configuration the seed and its log read. */
export interface SeedRequest {
  databaseUrl: string;
  config: Pick<AppConfig, 'admin' | 'seedLabs' | 'role' | 'logLevel' | 'logFormat'>;
}

/** What it answers once, before it exits. */
export type SeedAnswer = { result: SeedResult } | { error: string };

/**
 * The first seed of a database, in a process of its own (its side is `seed.process.ts`). Everything the seed holds
 * (the reference files, tens of thousands of generated prices, Prisma's query compiler grown by its statements) goes
 * back to the system when it exits: the process that serves keeps none of it. Not a thread: V8 keeps a thread's
 * freed pages in the process's pool until the serving heap's memory reducer runs, seconds later. Started as soon as a
 * fresh cluster is being created, the process loads its modules while initdb runs.
 */
export class SeedProcess {
  private readonly answer: Promise<SeedAnswer>;

  private constructor(private readonly child: ChildProcess) {
    this.answer = new Promise((resolve) => {
      child.once('message', (message: SeedAnswer) => resolve(message));
      child.once('error', (error) => resolve({ error: error.message }));
      child.once('exit', (code, signal) => resolve({ error: `the seed's process ended (${code ?? signal}) without an answer` }));
    });
  }

  static start(): SeedProcess {
    const extension = __filename.endsWith('.ts') ? '.ts' : '.js';
    return new SeedProcess(fork(join(__dirname, `seed.process${extension}`)));
  }

  async seed(request: SeedRequest): Promise<SeedResult> {
    this.child.send(request);
    const answer = await this.answer;
    if ('error' in answer) throw new Error(answer.error);
    return answer.result;
  }

  /** Ends a process started for a database that turned out to be seeded already. */
  close(): void {
    this.child.kill();
  }
}
