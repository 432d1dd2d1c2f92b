import type { Ordering, PageRequest } from './envelope';

/** Widths (px) an image is served at: `image.urls[320]`. */
export type ImageUrls = Partial<Record<320 | 640 | 1280 | 1920, string>>;

/** An uploaded file (`POST /api/files`, `POST /api/files/search`). */
export interface FileView {
  id: number;
  originalName: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The original bytes. */
  url: string;
  /** WebP variants, by width. */
  urls: ImageUrls;
  createdAt: string;
}

export interface FileSearchRequest extends PageRequest, Ordering<'createdAt' | 'originalName' | 'size'> {
  /** Part of the original name. */
  term?: string;
}

/** A picture referenced by a banner, slider, category or product: its id and addresses. */
export interface ImageRef {
  id: number;
  url: string;
  urls: ImageUrls;
}

/** A banner or a slide (`/api/banner/*`, `/api/slider/*`): same shape. */
export interface ContentSlot {
  id: number;
  title: string;
  subtitle: string | null;
  /** A site path (`/paquete/3`) or an https address. */
  link: string | null;
  image: ImageRef | null;
  sortOrder: number;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** Active and within its dates now: shown on the home page. */
  isLive: boolean;
}

export interface ContentSlotInput {
  title: string;
  subtitle?: string | null;
  link?: string | null;
  imageFileId?: number | null;
  sortOrder?: number;
  isActive?: boolean;
  startsAt?: string | null;
  endsAt?: string | null;
}

export interface ContentSlotSearchRequest extends PageRequest, Ordering<'sortOrder' | 'title' | 'startsAt'> {
  term?: string;
  /** `live` (shown now), `inactive`, or `all` (default). */
  status?: 'live' | 'inactive' | 'all';
}

/** `GET /api/media`: what the home page shows now, in order. */
export interface HomeMedia {
  banners: ContentSlot[];
  sliders: ContentSlot[];
}

export interface CategoryView {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent: { id: number; name: string } | null;
  cover: ImageRef | null;
  sortOrder: number;
  isActive: boolean;
  productCount: number;
}

export interface CategoryInput {
  name: string;
  description?: string | null;
  parentId?: number | null;
  coverFileId?: number | null;
  sortOrder?: number;
  isActive?: boolean;
}

export interface CategorySearchRequest extends PageRequest, Ordering<'sortOrder' | 'name'> {
  term?: string;
  status?: 'active' | 'inactive' | 'all';
}

/** A product (package of exams) in lists and on its page. */
export interface ProductView {
  id: number;
  code: string;
  name: string;
  description: string | null;
  category: { id: number; name: string } | null;
  company: { id: number; tradeName: string };
  laboratory: { id: number; identifierName: string; addressLine1: string; comuna: string };
  exams: { id: number; code: string; name: string }[];
  /** What a buyer pays today: the offer price within its dates, else `regularPrice`. */
  price: number;
  regularPrice: number;
  netPrice: number;
  offerPrice: number | null;
  offerStartsAt: string | null;
  offerEndsAt: string | null;
  onOffer: boolean;
  isNew: boolean;
  isActive: boolean;
  cover: ImageRef | null;
  updatedAt: string;
}

export interface ProductInput {
  code: string;
  name: string;
  description?: string | null;
  categoryId?: number | null;
  laboratoryId: number;
  examIds: number[];
  price: number;
  netPrice?: number;
  offerPrice?: number | null;
  offerStartsAt?: string | null;
  offerEndsAt?: string | null;
  coverFileId?: number | null;
  isNew?: boolean;
  isActive?: boolean;
}

/** `POST /api/product/search` (public: only sellable products), `POST /api/provider/product/search` (own). */
export interface ProductSearchRequest extends PageRequest, Ordering<'name' | 'price' | 'code' | 'updatedAt'> {
  term?: string;
  categoryId?: number;
  laboratoryId?: number;
  /** The storefront's lists: `general` (all), `offers` (offer applies today), `new` (flagged new). */
  list?: 'general' | 'offers' | 'new';
  /** Back office only: `active`, `inactive` or `all`. */
  status?: 'active' | 'inactive' | 'all';
}

/** `POST /api/product/covering`: the order of /buscador and where it is quoted. */
export interface CoveringPackagesRequest {
  examIds: number[];
  /** The comuna; with `nearLocations`, its neighbours too; `addedComunas` adds chosen ones. */
  location?: number | null;
  nearLocations?: boolean;
  addedComunas?: number[];
  /** The region, when no comuna is chosen. */
  locationFk?: number | null;
}

/** A package that includes every exam of the order and costs less than the same branch's prices for them. */
export interface CoveringPackage {
  product: ProductView;
  /** What the branch charges for the order's exams one by one. */
  separateTotal: number;
  savings: number;
  /** Exams in the package beyond the order. */
  extraExams: number;
}
