-- The order reader's vocabulary (issue 26): terms of medical orders that are not one exam's synonym
-- (panels, ambiguous terms, items that are not laboratory exams, words that change nothing), and what
-- patients chose for ambiguous lines. The rows come from data/reference/order-vocabulary.csv (the seed).
CREATE TYPE "OrderTermKind" AS ENUM ('PANEL', 'AMBIGUOUS', 'NOT_LAB', 'IGNORE');

CREATE TABLE "order_term" (
    "id" SERIAL NOT NULL,
    "term" VARCHAR(200) NOT NULL,
    "folded" VARCHAR(200) NOT NULL,
    "kind" "OrderTermKind" NOT NULL,
    "exam_ids" INTEGER[],
    "reason" VARCHAR(300),
    "source" VARCHAR(60) NOT NULL DEFAULT 'manual',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "order_term_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "order_term_folded_key" ON "order_term"("folded");

CREATE TABLE "order_term_choice" (
    "folded" VARCHAR(200) NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "last_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_term_choice_pkey" PRIMARY KEY ("folded","exam_id")
);

ALTER TABLE "order_term_choice" ADD CONSTRAINT "order_term_choice_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("id") ON DELETE CASCADE ON UPDATE CASCADE;
