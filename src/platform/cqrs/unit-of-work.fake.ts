import type { Tx } from '../database/prisma.service';
import type { CommandContext } from './command-context';
import { Changes } from './unit-of-work';

/** For handler specs: runs the work at once and keeps what it recorded, as the real one commits it. */
export class FakeUnitOfWork {
  readonly committed: Changes[] = [];

  async run<T>(_ctx: CommandContext | null, work: (tx: Tx, changes: Changes) => Promise<T>): Promise<T> {
    const changes = new Changes();
    const result = await work({} as Tx, changes);
    this.committed.push(changes);
    return result;
  }
}
