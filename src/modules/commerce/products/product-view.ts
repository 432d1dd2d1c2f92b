import type { ProductView } from '../../../contracts/commerce-catalogue';
import type { ServerSide } from '../../../platform/http/envelope';
import { IMAGE_REF_SELECT, imageRef } from '../media';
import { offerApplies, priceAt } from './product-pricing';

export const PRODUCT_VIEW_SELECT = {
  id: true, code: true, name: true, description: true, price: true, netPrice: true, offerPrice: true, offerStartsAt: true, offerEndsAt: true,
  isNew: true, isActive: true, updatedAt: true,
  category: { select: { id: true, name: true } },
  company: { select: { id: true, tradeName: true } },
  laboratory: { select: { id: true, identifierName: true, addressLine1: true, comuna: { select: { name: true } } } },
  coverFile: { select: IMAGE_REF_SELECT },
  exams: { select: { exam: { select: { id: true, code: true, name: true } } }, orderBy: { exam: { name: 'asc' as const } } },
} as const;

type ProductRow = {
  id: number; code: string; name: string; description: string | null; price: number; netPrice: number; offerPrice: number | null;
  offerStartsAt: Date | null; offerEndsAt: Date | null; isNew: boolean; isActive: boolean; updatedAt: Date;
  category: { id: number; name: string } | null;
  company: { id: number; tradeName: string };
  laboratory: { id: number; identifierName: string; addressLine1: string; comuna: { name: string } };
  coverFile: { id: number; width: number | null } | null;
  exams: { exam: { id: number; code: string; name: string } }[];
};

export function toProductView(row: ProductRow, at = new Date()): ServerSide<ProductView> {
  const { coverFile, exams, laboratory, price, ...fields } = row;
  return {
    ...fields,
    laboratory: { id: laboratory.id, identifierName: laboratory.identifierName, addressLine1: laboratory.addressLine1, comuna: laboratory.comuna.name },
    exams: exams.map((e) => e.exam),
    price: priceAt(row, at),
    regularPrice: price,
    onOffer: offerApplies(row, at),
    cover: imageRef(coverFile),
  };
}

/** What the storefront may show and sell: active product, active branch, approved company. */
export const SELLABLE_WHERE = { isActive: true, laboratory: { isActive: true, company: { status: 'APPROVED' as const } } };
