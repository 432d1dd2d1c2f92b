import { Module } from '@nestjs/common';
import { DecideLaboratoryExamsHandler } from './commands/decide-laboratory-exams/decide-laboratory-exams.handler';
import { CopyPriceListHandler } from './commands/copy-price-list/copy-price-list.handler';
import { ConfirmPriceListHandler } from './commands/confirm-price-list/confirm-price-list.handler';
import { AuthorizeLaboratoryExamHandler } from './commands/authorize-laboratory-exam/authorize-laboratory-exam.handler';
import { LaboratoryExamChanges } from './commands/laboratory-exam-changes';
import { OfferLaboratoryExamHandler } from './commands/offer-laboratory-exam/offer-laboratory-exam.handler';
import { RejectLaboratoryExamHandler } from './commands/reject-laboratory-exam/reject-laboratory-exam.handler';
import { RestoreLaboratoryExamHandler } from './commands/restore-laboratory-exam/restore-laboratory-exam.handler';
import { SetLaboratoryExamPriceHandler } from './commands/set-laboratory-exam-price/set-laboratory-exam-price.handler';
import { WithdrawLaboratoryExamHandler } from './commands/withdraw-laboratory-exam/withdraw-laboratory-exam.handler';
import { LaboratoryExamsController } from './http/laboratory-exams.controller';
import { LABORATORY_EXAM_REPOSITORY } from './infrastructure/laboratory-exam.repository';
import { PrismaLaboratoryExamRepository } from './infrastructure/prisma-laboratory-exam.repository';
import { GetLaboratoryExamHandler } from './queries/get-laboratory-exam/get-laboratory-exam.query';
import { LaboratoryExamViews } from './queries/laboratory-exam-view';
import { QuotedPrices } from './queries/quoted-prices/quoted-prices';
import { SearchLaboratoryExamsHandler } from './queries/search-laboratory-exams/search-laboratory-exams.query';

/** Laboratory exams: what each branch charges for each exam, and whether it may be quoted. */
@Module({
  controllers: [LaboratoryExamsController],
  providers: [
    { provide: LABORATORY_EXAM_REPOSITORY, useClass: PrismaLaboratoryExamRepository },
    LaboratoryExamChanges,
    LaboratoryExamViews,
    OfferLaboratoryExamHandler, SetLaboratoryExamPriceHandler, AuthorizeLaboratoryExamHandler, RejectLaboratoryExamHandler,
    WithdrawLaboratoryExamHandler, RestoreLaboratoryExamHandler, CopyPriceListHandler, ConfirmPriceListHandler, DecideLaboratoryExamsHandler,
    SearchLaboratoryExamsHandler, GetLaboratoryExamHandler,
    QuotedPrices,
  ],
  // A checkout locks the prices a branch charges now (commerce/orders).
  exports: [QuotedPrices],
})
export class PricingModule {}
