export { LaboratoriesModule } from './laboratories.module';
export * from './laboratories.events';
export * from './laboratories.errors';
export { registerFirstBranch, type FirstBranchInput } from './commands/register-first-branch';
export { GetLaboratoryPageQuery } from './queries/get-laboratory-page/get-laboratory-page.query';
export { PUBLIC_LABORATORY } from './queries/get-laboratory-page/public-laboratory';
export { HOME_COLLECTION_CODE, homeFeeAt, readHomeCollection, readHomeCollections } from './home-collection/home-collection';
export { branchFactsSql, toBranchFacts, type BranchFactsRow } from './branch-facts';
export { replaceVisitFees, sampleFeeColumns, toVisitFee } from './visit-fees/visit-fees';
