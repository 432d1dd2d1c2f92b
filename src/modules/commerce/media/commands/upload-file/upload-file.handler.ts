import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { CompanyNotApprovedError, PENDING_COMPANY_CANNOT_PUBLISH_PICTURES } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { inspectUpload } from '../../domain/inspect-upload';
import { FILE_VIEW_SELECT, toFileView } from '../../file-view';
import { FILE_STORAGE, type FileStorage } from '../../infrastructure/file-storage';
import { variantKey } from '../../media-url';
import { UploadFileCommand } from './upload-file.command';

@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly prisma: PrismaService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'media' });
  }

  async execute({ ctx, file }: UploadFileCommand) {
    // Pictures are public once used: only administrators and approved companies publish them.
    if (ctx.actor.profile !== 'ADM') {
      const company = ctx.actor.companyId === null ? null : await this.prisma.company.findUnique({ where: { id: ctx.actor.companyId }, select: { status: true } });
      if (company?.status !== 'APPROVED') throw new CompanyNotApprovedError(PENDING_COMPANY_CANNOT_PUBLISH_PICTURES);
    }
    const inspected = await inspectUpload(file.bytes, { name: file.originalName, mimeType: file.declaredType });
    const now = new Date();
    const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${inspected.extension}`;
    // Bytes first, row second: a crash in between leaves bytes without a row, which the orphan
    // sweep removes; the other order would leave a row pointing at nothing.
    const keys = [storageKey, ...inspected.variants.map((v) => variantKey(storageKey, v.width))];
    await this.storage.put(storageKey, inspected.original, inspected.mimeType);
    await Promise.all(inspected.variants.map((v) => this.storage.put(variantKey(storageKey, v.width), v.body, 'image/webp')));
    try {
      return await this.uow.run(ctx, async (tx, changes) => {
        const row = await tx.file.create({
          data: {
            originalName: file.originalName.normalize('NFC').slice(0, 255) || 'archivo',
            storageKey,
            mimeType: inspected.mimeType,
            size: inspected.original.length,
            width: inspected.width,
            height: inspected.height,
            companyId: ctx.actor.profile === 'ADM' ? null : ctx.actor.companyId,
            uploadedById: ctx.actor.personId,
          },
          select: FILE_VIEW_SELECT,
        });
        changes.audit('file.uploaded', 'File', row.id, { mimeType: inspected.mimeType, size: inspected.original.length });
        return toFileView(row);
      });
    } catch (error) {
      await this.storage.delete(keys).catch((err: unknown) => this.log.warn({ err, storageKey }, 'could not remove the bytes of a failed upload; the orphan sweep will'));
      throw error;
    }
  }
}
