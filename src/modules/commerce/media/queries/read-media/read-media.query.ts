import type { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { FILE_STORAGE, type FileStorage } from '../../infrastructure/file-storage';
import { variantKey, variantWidths, type ImageWidth } from '../../media-url';
import { FileNotFoundError } from '../../media.errors';

export interface MediaContent {
  body: Readable;
  size: number;
  contentType: string;
  /** Stable for these bytes: a file's content never changes (a new upload is a new id). */
  etag: string;
  originalName: string;
}

/**
 * The bytes of a file, or of an image's variant: the smallest variant at least `width` wide, else
 * the largest there is. Public: files are the storefront's pictures and documents.
 */
export class ReadMediaQuery extends Query<MediaContent> {
  constructor(
    readonly fileId: number,
    readonly width?: ImageWidth,
  ) {
    super();
  }
}

@QueryHandler(ReadMediaQuery)
export class ReadMediaHandler implements IQueryHandler<ReadMediaQuery> {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ fileId, width }: ReadMediaQuery): Promise<MediaContent> {
    const file = await this.prisma.file.findUnique({ where: { id: fileId }, select: { storageKey: true, mimeType: true, width: true, originalName: true } });
    if (!file) throw new FileNotFoundError();
    const widths = variantWidths(file.width);
    const chosen = width && widths.length > 0 ? (widths.find((w) => w >= width) ?? widths[widths.length - 1]) : undefined;
    const key = chosen ? variantKey(file.storageKey, chosen) : file.storageKey;
    const stored = await this.storage.read(key);
    if (!stored) throw new FileNotFoundError();
    return {
      body: stored.body,
      size: stored.size,
      contentType: chosen ? 'image/webp' : file.mimeType,
      etag: `"f${fileId}-${chosen ?? 'o'}"`,
      originalName: file.originalName,
    };
  }
}
