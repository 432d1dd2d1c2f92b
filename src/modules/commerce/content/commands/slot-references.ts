import type { Tx } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';

/** The picture must be an uploaded file (every upload is an image, checked from its bytes). */
export async function assertImageExists(tx: Tx, imageFileId: number | null | undefined): Promise<void> {
  if (imageFileId && !(await tx.file.findUnique({ where: { id: imageFileId }, select: { id: true } }))) {
    throw invalidField('imageFileId', 'La imagen no existe; súbela de nuevo.');
  }
}

/** The dates as they will be stored, after a partial change: the end after the start. */
export function assertPeriod(startsAt: Date | null, endsAt: Date | null): void {
  if (startsAt && endsAt && endsAt <= startsAt) throw invalidField('endsAt', 'El término debe ser posterior al inicio.');
}
