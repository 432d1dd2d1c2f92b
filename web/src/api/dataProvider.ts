import type {
  AuditEntryView, DashboardCounts, PriceDecisionResult, PriceQueueItem, PriceQueueSearchRequest,
  BranchPriceInput, Insurer, LaboratoryAttribute, OwnLaboratory, OwnLaboratoryInput, OwnLaboratorySearchRequest, PriceListCopyResult,
  CompanyInput, CompanyRejectionInput, CompanySearchRequest,
  AdministratorInput, Company, InvitationSent, NewPersonInput, PasswordSetInput, Person, PersonChanges, PersonSearchRequest,
  PersonVisibility, PersonVisibilityInput,
  ImportConfirmRequest, ImportDryRun, ImportJob, ImportKind, ImportPreviewRow, ImportRowsRequest, ImportSearchRequest, ImportUploadFields, PriceListExportRequest,
  ExamDetail, ExamInput, ExamListItem, ExamSearchRequest, ExamType, Page, PageRequest, Removed,
  SelectListChildDetail, SelectListChildInput, SelectListFlag, SelectListFlagInput, SelectListType, SelectListTypeInput, SelectListTypeSearchRequest,
} from '@contracts';
import type { CategoryInput, CategorySearchRequest, CategoryView, ContentSlot, ContentSlotInput, ContentSlotSearchRequest, FileView, ProductInput, ProductSearchRequest, ProductView } from '@contracts';
import type { SalesOrderSearchRequest, SalesOrderSummary, SalesOrderView } from '@contracts';
import type { OrderTerm, OrderTermInput, OrderTermSearchRequest } from '@contracts';
import type { UfValue, UfValueInput, UfValueSearchRequest } from '@contracts';
import type { MailPreferenceChange, MailPreferences } from '@contracts';
import type { ApiKey, ApiKeySearchRequest, CreatedApiKey } from '@contracts';
import type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@contracts';
import { api } from './client';
import { useApiQuery } from './hooks';

/** What each resource reads and writes on the wire: the data provider is typed by it. */
export interface ResourceTypes {
  exams: { list: ExamListItem; one: ExamDetail; input: ExamInput; filter: ExamSearchRequest };
  'exam-types': { list: ExamType; one: ExamType; input: never; filter: PageRequest };
  'select-lists': { list: SelectListType; one: SelectListType; input: SelectListTypeInput; filter: SelectListTypeSearchRequest };
  'select-list-children': { list: SelectListChildDetail; one: SelectListChildDetail; input: SelectListChildInput; filter: PageRequest };
  /** /app/users and /app/maintainers/administrators: both are persons (`/api/person`). */
  users: { list: Person; one: Person; input: PersonChanges; filter: PersonSearchRequest };
  administrators: { list: Person; one: Person; input: PersonChanges; filter: PersonSearchRequest };
  /** /app/company (administrators) and /app/my-company (a provider's own). */
  companies: { list: Company; one: Company; input: CompanyInput; filter: CompanySearchRequest };
}
// Declaration merging: each resource adds its own block (fewer edits of one line by many hands).
export interface ResourceTypes {
  /** /app/laboratories: a company's branches (`/api/priv/laboratory`; a provider sees its own). */
  laboratories: { list: OwnLaboratory; one: OwnLaboratory; input: OwnLaboratoryInput; filter: OwnLaboratorySearchRequest };
  /** The prices tab of a branch (`/api/laboratory-exam`, filtered by `laboratoryId`). */
  'branch-prices': { list: PriceQueueItem; one: PriceQueueItem; input: BranchPriceInput; filter: PriceQueueSearchRequest & { isActive?: boolean } };
  /** /app/authorized-examinations: laboratories' prices waiting for a decision (`/api/laboratory-exam`). */
  'authorized-examinations': { list: PriceQueueItem; one: PriceQueueItem; input: never; filter: PriceQueueSearchRequest };
}
export interface ResourceTypes {
  /** /app/maintainers/visibility: which branches a provider user may see (`/api/person-visibility`). */
  visibility: { list: PersonVisibility; one: PersonVisibility; input: PersonVisibilityInput; filter: PageRequest & { personId?: number } };
}
export interface ResourceTypes {
  /** /app/imports: the import history of a company, or every company's for administrators (`/api/imports`). */
  imports: { list: ImportJob; one: ImportJob; input: never; filter: ImportSearchRequest };
}
export interface ResourceTypes {
  /** Commerce (issue 13): /app/categories, /app/products (a provider's own through `/api/provider/product`), /app/banners, /app/sliders. */
  categories: { list: CategoryView; one: CategoryView; input: CategoryInput; filter: CategorySearchRequest };
  products: { list: ProductView; one: ProductView; input: ProductInput; filter: ProductSearchRequest };
  banners: { list: ContentSlot; one: ContentSlot; input: ContentSlotInput; filter: ContentSlotSearchRequest };
  sliders: { list: ContentSlot; one: ContentSlot; input: ContentSlotInput; filter: ContentSlotSearchRequest };
}
export interface ResourceTypes {
  /** /app/salesorders: orders of every company (administrators) or of the provider's own (`/api/sales-order`). */
  'sales-orders': { list: SalesOrderSummary; one: SalesOrderView; input: never; filter: SalesOrderSearchRequest };
}
export interface ResourceTypes {
  /** /app/order-terms: the order reader's vocabulary beyond one exam's synonyms (`/api/order-term`). */
  'order-terms': { list: OrderTerm; one: OrderTerm; input: OrderTermInput; filter: OrderTermSearchRequest };
}
export interface ResourceTypes {
  /** /app/maintainers/uf-values: the UF's value by day (`/api/uf-value`; `GET /api/uf-value` itself is today's, for anyone). */
  'uf-values': { list: UfValue; one: UfValue; input: UfValueInput; filter: UfValueSearchRequest };
}
export type ResourceName = keyof ResourceTypes;
export type ListOf<R extends ResourceName> = ResourceTypes[R]['list'];
export type OneOf<R extends ResourceName> = ResourceTypes[R]['one'];
export type InputOf<R extends ResourceName> = ResourceTypes[R]['input'];
export type FilterOf<R extends ResourceName> = ResourceTypes[R]['filter'];
/** The columns a resource's list may be ordered by: never when its route orders it itself (no `orderBy` in its filter). */
export type OrderOf<R extends ResourceName> = FilterOf<R> extends { orderBy?: infer C extends string } ? C : never;

/** The API prefix of each resource (spec §7): `/api/<path>/search`, `/api/<path>/{id}`... */
const PATHS: Record<ResourceName, string> = {
  'authorized-examinations': 'laboratory-exam',
  laboratories: 'priv/laboratory',
  'branch-prices': 'laboratory-exam',
  exams: 'exam',
  'exam-types': 'exam-type',
  'select-lists': 'select-list-type',
  'select-list-children': 'select-list',
  companies: 'company',
  users: 'person',
  administrators: 'person',
  visibility: 'person-visibility',
  imports: 'imports',
  'sales-orders': 'sales-order',
  'order-terms': 'order-term',
  'uf-values': 'uf-value',
  categories: 'category',
  // Administrators see every company's products there too: one back-office screen for both profiles.
  products: 'provider/product',
  banners: 'banner',
  sliders: 'slider',
};

/** Resources whose spec §7 paths differ from the usual: person visibility lists on its own path and updates on `update-person-visibility/{id}`. */
const LIST_URL: Partial<Record<ResourceName, string>> = { visibility: '/api/person-visibility' };
const UPDATE_URL: Partial<Record<ResourceName, (id: number) => string>> = { visibility: (id) => `/api/update-person-visibility/${id}` };

/** Named actions beyond CRUD, each a `POST /api/<path>/<action>/{id}` with its body type. */
export interface CustomActions {
  'select-lists': { [F in SelectListFlag as `update-${F}`]: { body: SelectListFlagInput; answer: SelectListType } };
}

const url = (resource: ResourceName, ...parts: (string | number)[]) => ['/api', PATHS[resource], ...parts].join('/');

/**
 * All back-office data access, react-admin's shape over the spec's calls: a list is
 * `POST .../search`, an update `POST .../{id}`, a delete `DELETE .../{id}`.
 */
export const dataProvider = {
  getList<R extends ResourceName>(resource: R, params: FilterOf<R>): Promise<Page<ListOf<R>>> {
    return api.post(LIST_URL[resource] ?? url(resource, 'search'), params);
  },
  /** A short reference list read whole (`GET /api/<path>`): exam types, public select lists. */
  getAll<R extends ResourceName>(resource: R): Promise<ListOf<R>[]> {
    return api.get(url(resource));
  },
  getOne<R extends ResourceName>(resource: R, id: number): Promise<OneOf<R>> {
    return api.get(url(resource, id));
  },
  create<R extends ResourceName>(resource: R, data: InputOf<R>): Promise<OneOf<R>> {
    return api.post(url(resource), data);
  },
  update<R extends ResourceName>(resource: R, id: number, data: Partial<InputOf<R>>): Promise<OneOf<R>> {
    return api.post(UPDATE_URL[resource]?.(id) ?? url(resource, id), data);
  },
  delete<R extends ResourceName>(resource: R, id: number): Promise<Removed> {
    return api.delete(url(resource, id));
  },
  custom<R extends keyof CustomActions, A extends keyof CustomActions[R] & string>(
    resource: R,
    action: A,
    id: number,
    body: CustomActions[R][A] extends { body: infer B } ? B : never,
  ): Promise<CustomActions[R][A] extends { answer: infer T } ? T : never> {
    return api.post(url(resource, action, id), body);
  },
  /** `POST /api/person`: the answer is the same whether or not the e-mail had an account, so no record to open. */
  invitePerson(data: NewPersonInput): Promise<InvitationSent> {
    return api.post('/api/person', data);
  },
  createAdministrator(data: AdministratorInput): Promise<{ personId: number }> {
    return api.post('/api/auth/admin-sign-up', data);
  },
  /** `POST /api/person/{id}/reactivate`: a deactivated account signs in again with its own password. */
  reactivatePerson(id: number): Promise<Person> {
    return api.post(`/api/person/${id}/reactivate`, {});
  },
  setPassword(data: PasswordSetInput): Promise<{ message: string }> {
    return api.post('/api/auth/update-password', data);
  },
  /** An administrator's decision on a company (`POST /api/company/{id}/approve` or `/reject` with its reason). */
  decideCompany(id: number, decision: { approve: true } | ({ approve: false } & CompanyRejectionInput)): Promise<Company> {
    return decision.approve ? api.post(`/api/company/${id}/approve`, {}) : api.post(`/api/company/${id}/reject`, { reason: decision.reason });
  },
  /** Uploads a file to import: the answer is its dry run (every row validated, nothing written yet). */
  uploadImport(kind: ImportKind, file: File, fields: ImportUploadFields): Promise<ImportDryRun> {
    const form = new FormData();
    form.append('file', file);
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
    return api.upload(`/api/${kind}-import`, form);
  },
  /** Queues a dry run that the person looked at: the import runs as a job, `getOne('imports', id)` follows it. */
  confirmImport(id: number, body: ImportConfirmRequest): Promise<ImportJob> {
    return api.post(`/api/imports/${id}/confirm`, body);
  },
  importRows(id: number, request: ImportRowsRequest): Promise<Page<ImportPreviewRow>> {
    return api.post(`/api/imports/${id}/rows/search`, request);
  },
  /** The error report (CSV for Excel) or the file as it was uploaded. */
  downloadImportFile(job: ImportJob, which: 'errors' | 'original'): Promise<void> {
    return which === 'errors' ? api.download(`/api/imports/${job.id}/errors.csv`, `errores-importacion-${job.id}.csv`) : api.download(`/api/imports/${job.id}/file`, job.fileName);
  },
  /** An empty file with the import's headers and one example row. */
  downloadImportTemplate(kind: ImportKind, format: 'csv' | 'xlsx'): Promise<void> {
    return api.download(`/api/imports/templates/${kind}.${format}`, `plantilla-${kind}.${format}`);
  },
  /** A company's current prices in the price template's shape (every open branch, or one): to edit and import back. */
  downloadPriceList(request: PriceListExportRequest): Promise<void> {
    const query = new URLSearchParams(Object.entries(request).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
    return api.download(`/api/laboratory-exam-export?${query}`, `lista-de-precios.${request.format ?? 'csv'}`);
  },
  /** Companies to choose from (a person's company): the first 100. */
  companyOptions(): Promise<Page<Company>> {
    return api.post('/api/company/search', { perPage: 100 });
  },
};
/** The authorization queue's decisions, the `/app` counts and the audit timeline of a record. */
export const backofficeReports = {
  /** Authorizes, or rejects with one reason, up to 500 prices at once: all of them or none. */
  /** The prices named, or every one matching the queue's filter (as many as `expectedCount`: the server re-counts them). */
  decidePrices(target: { ids: number[] } | { matching: Record<string, unknown>; expectedCount: number }, decision: { status: 'AUTHORIZED' } | { status: 'REJECTED'; reason: string }): Promise<PriceDecisionResult> {
    return decision.status === 'AUTHORIZED' ? api.post('/api/laboratory-exam/authorize', target) : api.post('/api/laboratory-exam/reject', { ...target, reason: decision.reason });
  },
  dashboard(): Promise<DashboardCounts> {
    return api.get('/api/dashboard');
  },
  audit(entityType: string, entityId: number | string, currentPage = 1): Promise<Page<AuditEntryView>> {
    return api.post('/api/audit/search', { entityType, entityId, currentPage, perPage: 20 });
  },
};
export type DataProvider = typeof dataProvider;

/** Beyond CRUD for branches and their prices. */
export const laboratoryCalls = {
  /** FONASA and the Isapres a branch may accept. */
  insurers: (): Promise<Insurer[]> => api.get('/api/insurer'),
  /** Offers every current price of one branch at another of the same company. */
  copyPriceList: (fromLaboratoryId: number, toLaboratoryId: number): Promise<PriceListCopyResult> => api.post('/api/laboratory-exam/copy', { fromLaboratoryId, toLaboratoryId }),
  /** Confirms every offered price of a branch unchanged today ("vigente desde", issue 30). */
  confirmPriceList: (laboratoryId: number): Promise<{ laboratoryId: number; confirmed: number }> => api.post('/api/laboratory-exam/confirm', { laboratoryId }),
  /** The select lists a branch may be described by (home collection, accessibility...), with their values. */
  attributeLists: (): Promise<Page<SelectListType>> => api.get('/api/select-list-type'),
  attributes: (laboratoryId: number): Promise<Page<LaboratoryAttribute>> => api.post('/api/laboratory-attribute/search', { laboratoryId, perPage: 100 }),
  setAttribute: (laboratoryId: number, selectListTypeId: number, selectListChildId: number): Promise<LaboratoryAttribute> => api.post('/api/laboratory-attribute', { laboratoryId, selectListTypeId, selectListChildId }),
  removeAttribute: (id: number): Promise<Removed> => api.delete(`/api/laboratory-attribute/${id}`),
};

/** A company's branches, as its view lists them (the first 100). */
export const useCompanyBranches = (companyId: number) =>
  useApiQuery<Page<OwnLaboratory>>('POST', url('laboratories', 'search'), { companyId, perPage: 100 } satisfies OwnLaboratorySearchRequest);

/** Uploaded pictures (banners, slides, covers): `POST /api/files`, checked and resized by the API. */
export const mediaCalls = {
  upload(file: File): Promise<FileView> {
    const form = new FormData();
    form.append('file', file);
    return api.upload('/api/files', form);
  },
};

/** Beyond CRUD for sales orders: the laboratory marks a voucher used. */
export const salesOrderCalls = {
  redeem: (id: number): Promise<{ id: number; status: 'REDEEMED' }> => api.post(`/api/sales-order/${id}/redeem`, {}),
  refund: (id: number, reason: string): Promise<{ id: number; status: 'REFUNDED'; refund: NonNullable<SalesOrderView['refund']> }> => api.post(`/api/sales-order/${id}/refund`, { reason }),
};

/** The signed-in person's optional mails (issue 27, item 3): each kind of their profile, on or off. */
export const mailPreferenceCalls = {
  get: (): Promise<MailPreferences> => api.get('/api/auth/mail-preferences'),
  set: (change: MailPreferenceChange): Promise<MailPreferences> => api.post('/api/auth/mail-preferences', change),
};

/** The API's reference for integrators (OpenAPI): what a key may call, and how webhooks are signed. */
export const API_DOCS_URL = '/api/docs';

/** A company's API keys (issue 27, item 4): created (the secret comes only in that answer), listed and revoked. */
export const apiKeyCalls = {
  search: (filter: ApiKeySearchRequest = {}): Promise<Page<ApiKey>> => api.post('/api/api-key/search', filter),
  create: (name: string): Promise<CreatedApiKey> => api.post('/api/api-key', { name }),
  revoke: (id: number): Promise<ApiKey> => api.post(`/api/api-key/${id}/revoke`),
};

/** A company's webhooks (issue 27, item 4): endpoints (the secret comes only when created or rotated) and their delivery log. */
export const webhookCalls = {
  endpoints: (): Promise<Page<WebhookEndpoint>> => api.post('/api/webhook-endpoint/search', {}),
  create: (input: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecret> => api.post('/api/webhook-endpoint', input),
  update: (id: number, changes: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> => api.post(`/api/webhook-endpoint/${id}`, changes),
  rotateSecret: (id: number): Promise<WebhookEndpointWithSecret> => api.post(`/api/webhook-endpoint/${id}/rotate-secret`),
  remove: (id: number): Promise<{ id: number }> => api.delete(`/api/webhook-endpoint/${id}`),
  deliveries: (perPage = 20): Promise<Page<WebhookDelivery>> => api.post('/api/webhook-delivery/search', { perPage }),
  redeliver: (id: number): Promise<{ id: number; status: 'PENDING' }> => api.post(`/api/webhook-delivery/${id}/redeliver`),
};
