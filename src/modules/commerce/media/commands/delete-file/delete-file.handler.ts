import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { assertCompanyAccess } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { FILE_STORAGE, type FileStorage } from '../../infrastructure/file-storage';
import { storedKeysOf } from '../../infrastructure/stored-keys';
import { FileInUseError, FileNotFoundError } from '../../media.errors';
import { DeleteFileCommand } from './delete-file.command';

@CommandHandler(DeleteFileCommand)
export class DeleteFileHandler implements ICommandHandler<DeleteFileCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'media' });
  }

  async execute({ ctx, fileId }: DeleteFileCommand) {
    const keys = await this.uow.run(ctx, async (tx, changes) => {
      // FOR UPDATE: a banner saved at the same moment cannot pick the file up while it goes.
      const [file] = await tx.$queryRaw<{ id: number; company_id: number | null; storage_key: string; width: number | null }[]>`
        SELECT id, company_id, storage_key, width FROM file WHERE id = ${fileId} FOR UPDATE`;
      // An administrator's upload (no company) is as invisible to a provider as a missing one.
      assertCompanyAccess(ctx.actor, file?.company_id ?? (file ? -1 : undefined), () => new FileNotFoundError());
      if (!file) throw new FileNotFoundError();
      const use = await tx.file.findUniqueOrThrow({
        where: { id: fileId },
        select: { _count: { select: { banners: true, sliders: true, products: true, categories: true } } },
      });
      const usedBy = [
        use._count.products && 'un producto',
        use._count.categories && 'una categoría',
        use._count.banners && 'un banner',
        use._count.sliders && 'un slider',
      ].filter(Boolean);
      if (usedBy.length > 0) throw new FileInUseError(usedBy.join(', '));
      await tx.file.delete({ where: { id: fileId } });
      changes.audit('file.deleted', 'File', fileId);
      return storedKeysOf({ storageKey: file.storage_key, width: file.width });
    });
    // After the commit: a failure here leaves bytes without a row, which the orphan sweep removes.
    await this.storage.delete(keys).catch((err: unknown) => this.log.warn({ err, fileId }, 'could not delete the bytes of a deleted file; the orphan sweep will'));
    return { id: fileId };
  }
}
