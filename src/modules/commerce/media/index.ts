export { MediaModule } from './media.module';
export { OrphanFileSweep } from './jobs/orphan-file-sweep';
export { IMAGE_REF_SELECT, IMAGE_WIDTHS, imageRef, mediaUrl, optionalMediaUrl, type ImageWidth } from './media-url';
