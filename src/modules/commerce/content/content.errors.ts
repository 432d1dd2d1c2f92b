import { NotFoundError } from '../../../platform/http/app-error';

export class ContentSlotNotFoundError extends NotFoundError {
  constructor(kind: 'banner' | 'slider') {
    super(kind === 'banner' ? 'BANNER.NOT_FOUND' : 'SLIDER.NOT_FOUND', kind === 'banner' ? 'El banner solicitado no existe.' : 'El slider solicitado no existe.');
  }
}
