/** What `POST /api/laboratory-exam/authorize` and `/reject` answer: how many offers the decision changed. */
export interface PriceDecisionResult {
  /** Distinct ids sent. */
  requested: number;
  /** Offers whose status (or rejection reason) changed. */
  changed: number;
  /** Offers that already had that decision. */
  unchanged: number;
}

/** A laboratory's price as `POST /api/laboratory-exam/search` and `GET /api/laboratory-exam/{id}` answer it. */
export interface PriceQueueItem {
  id: number;
  price: number;
  status: 'PENDING' | 'AUTHORIZED' | 'REJECTED';
  authorizedAt: string | null;
  /** Why an administrator rejected it (only while REJECTED). */
  rejectionReason: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** When the laboratory last set or confirmed it ("vigente desde", issue 30). */
  confirmedAt: string;
  laboratory: { id: number; identifierName: string; companyId: number; company: { tradeName: string }; comuna: { id: number; name: string } };
  exam: { id: number; code: string; name: string; fonasaPriceLevel1: number | null };
  priceHistory: { oldPrice: number | null; newPrice: number; changedAt: string; changedById: number | null; changedBy: { firstName: string; lastName: string } | null }[];
}

/** The authorization queue's filters (`POST /api/laboratory-exam/search`). */
export interface PriceQueueSearchRequest {
  status?: 'PENDING' | 'AUTHORIZED' | 'REJECTED';
  companyId?: number;
  laboratoryId?: number;
  examId?: number;
  comunaId?: number;
  term?: string;
  /** `far`: the price is 3× or more above or below the FONASA level-1 value; `extreme`: 10×. */
  deviation?: 'far' | 'extreme';
  orderBy?: 'code' | 'name' | 'price' | 'status' | 'updatedAt' | 'laboratory' | 'exam';
  orderSort?: 'asc' | 'desc';
  currentPage?: number;
  perPage?: number;
}
