import { Command } from '@nestjs/cqrs';

/** One route change of the storefront (spec §7 `POST /api/log-access`), for the reports. */
export class RecordAccessCommand extends Command<{ recorded: true }> {
  constructor(
    readonly route: string,
    readonly session: number,
    /** The signed-in person (from the token, never from the body), or null. */
    readonly personId: number | null,
    /** The client's address; stored truncated. */
    readonly ip: string | null = null,
  ) {
    super();
  }
}
