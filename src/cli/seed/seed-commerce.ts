import type { Tx } from '../../platform/database/prisma.service';

/**
 * Demo commerce for a fresh start: a category, real-looking packages of exams at the first branches
 * of the first companies (one on offer, two new), and a banner. Prices are the sum of the FONASA
 * level-1 values of the exams with a private margin, less a package discount, ending in 990 as
 * Chilean laboratories price.
 */
const PACKAGES = [
  {
    code: 'PACK-PREV-01', name: 'Chequeo preventivo', isNew: false, offer: 0.85,
    description: 'Lo esencial para un control anual: hemograma, perfil lipídico, glucosa y orina completa. Ayuno de 8 a 12 horas.',
    exams: ['0301045', '0302034', '0302047', '0309022'],
  },
  {
    code: 'PACK-TIRO-01', name: 'Perfil tiroideo', isNew: true, offer: null,
    description: 'TSH y tiroxina libre (T4L) para evaluar la función de la tiroides. No requiere ayuno.',
    exams: ['0303024', '0303026'],
  },
  {
    code: 'PACK-DIAB-01', name: 'Control de diabetes', isNew: true, offer: null,
    description: 'Glucosa, hemoglobina glicada A1c, creatinina y microalbuminuria para el control periódico. Ayuno de 8 horas.',
    exams: ['0302047', '0301041', '0302023', '0309013'],
  },
  {
    code: 'PACK-MUJER-01', name: 'Chequeo mujer', isNew: false, offer: null,
    description: 'Hemograma, perfil lipídico, glucosa, TSH, ferritina y vitamina B12. Ayuno de 8 a 12 horas.',
    exams: ['0301045', '0302034', '0302047', '0303024', '0301026', '0302077'],
  },
] as const;

const to990 = (amount: number) => Math.max(990, Math.round(amount / 1000) * 1000 - 10);

export async function seedCommerce(tx: Tx, examIds: Map<string, number>): Promise<{ products: number; banners: number }> {
  const category = await tx.category.create({ data: { name: 'Chequeos y perfiles', slug: 'chequeos-y-perfiles', description: 'Paquetes de exámenes a precio conjunto.', sortOrder: 0 } });
  const branches = await tx.laboratory.findMany({ where: { company: { status: 'APPROVED' } }, orderBy: { id: 'asc' }, distinct: ['companyId'], take: PACKAGES.length, select: { id: true, companyId: true } });
  let products = 0;
  for (const [i, pack] of PACKAGES.entries()) {
    const branch = branches[i % Math.max(branches.length, 1)];
    if (!branch) break;
    const ids = pack.exams.map((code) => examIds.get(code)).filter((id): id is number => id !== undefined);
    const exams = await tx.exam.findMany({ where: { id: { in: ids } }, select: { id: true, fonasaPriceLevel1: true } });
    const price = to990(exams.reduce((sum, e) => sum + (e.fonasaPriceLevel1 ?? 3000), 0) * 1.3 * 0.9);
    const now = Date.now();
    await tx.product.create({
      data: {
        code: pack.code, name: pack.name, description: pack.description, categoryId: category.id, laboratoryId: branch.id, companyId: branch.companyId,
        price, netPrice: price, isNew: pack.isNew,
        ...(pack.offer ? { offerPrice: to990(price * pack.offer), offerStartsAt: new Date(now - 86_400_000), offerEndsAt: new Date(now + 30 * 86_400_000) } : {}),
        exams: { create: exams.map((e) => ({ examId: e.id })) },
      },
    });
    products++;
  }
  await tx.banner.create({
    data: { title: 'Chequeo preventivo con 15% de descuento', subtitle: 'Hemograma, perfil lipídico, glucosa y orina completa en un solo paquete.', link: '/paquetes?lista=ofertas', sortOrder: 0 },
  });
  return { products, banners: 1 };
}
