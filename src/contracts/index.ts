export type * from './auth';
export type * from './companies';
export type * from './envelope';
export type * from './exams';
export type * from './persons';
export type * from './select-lists';
export type * from './search';
export type * from './laboratories';
