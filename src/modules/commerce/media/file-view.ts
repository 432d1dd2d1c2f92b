import type { FileView } from '../../../contracts/commerce-catalogue';
import type { ServerSide } from '../../../platform/http/envelope';
import { imageRef, mediaUrl } from './media-url';

export const FILE_VIEW_SELECT = { id: true, originalName: true, mimeType: true, size: true, width: true, height: true, createdAt: true } as const;

export function toFileView(row: { id: number; originalName: string; mimeType: string; size: number; width: number | null; height: number | null; createdAt: Date }): ServerSide<FileView> {
  return { ...row, url: mediaUrl(row.id), urls: imageRef(row)!.urls };
}
