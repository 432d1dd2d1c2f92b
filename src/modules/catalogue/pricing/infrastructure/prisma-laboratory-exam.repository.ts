import { Injectable } from '@nestjs/common';
import type { Tx } from '../../../../platform/database/prisma.service';
import { LaboratoryExam } from '../domain/laboratory-exam';
import type { LaboratoryExamRepository } from './laboratory-exam.repository';

const STATE = { id: true, laboratoryId: true, examId: true, price: true, status: true, isActive: true, authorizedAt: true, authorizedById: true, rejectionReason: true } as const;

@Injectable()
export class PrismaLaboratoryExamRepository implements LaboratoryExamRepository {
  async findById(tx: Tx, id: number) {
    await tx.$queryRaw`SELECT 1 FROM laboratory_exam WHERE id = ${id} FOR UPDATE`;
    const row = await tx.laboratoryExam.findUnique({ where: { id }, select: STATE });
    return row && LaboratoryExam.restore(row);
  }

  async findByPair(tx: Tx, laboratoryId: number, examId: number) {
    await tx.$queryRaw`SELECT 1 FROM laboratory_exam WHERE laboratory_id = ${laboratoryId} AND exam_id = ${examId} FOR UPDATE`;
    const row = await tx.laboratoryExam.findUnique({ where: { laboratoryId_examId: { laboratoryId, examId } }, select: STATE });
    return row && LaboratoryExam.restore(row);
  }

  async save(tx: Tx, offer: LaboratoryExam) {
    const { id: known, ...state } = offer.state;
    const { id } = known === undefined ? await tx.laboratoryExam.create({ data: state, select: { id: true } }) : await tx.laboratoryExam.update({ where: { id: known }, data: state, select: { id: true } });
    if (offer.priceChanges.length > 0) await tx.laboratoryExamPriceHistory.createMany({ data: offer.priceChanges.map((change) => ({ ...change, laboratoryExamId: id })) });
    return id;
  }

  async companyOfLaboratory(tx: Tx, laboratoryId: number) {
    return (await tx.laboratory.findUnique({ where: { id: laboratoryId }, select: { companyId: true } }))?.companyId;
  }

  async isActiveExam(tx: Tx, examId: number) {
    return (await tx.exam.count({ where: { id: examId, isActive: true } })) > 0;
  }

  activePricesOf(tx: Tx, laboratoryId: number) {
    return tx.laboratoryExam.findMany({ where: { laboratoryId, isActive: true, status: { not: 'REJECTED' }, exam: { isActive: true } }, select: { examId: true, price: true }, orderBy: { examId: 'asc' } });
  }
}
