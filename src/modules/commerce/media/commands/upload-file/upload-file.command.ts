import { Command } from '@nestjs/cqrs';
import type { FileView } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Stores an uploaded file (an image is also rendered at the page widths). */
export class UploadFileCommand extends Command<ServerSide<FileView>> {
  constructor(
    readonly ctx: CommandContext,
    readonly file: { originalName: string; declaredType: string; bytes: Buffer },
  ) {
    super();
  }
}
