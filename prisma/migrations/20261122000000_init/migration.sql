-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "company_status" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "location_kind" AS ENUM ('REGION', 'COMUNA');

-- CreateEnum
CREATE TYPE "near_location_source" AS ENUM ('ADJACENT', 'DISTANCE', 'MANUAL');

-- CreateEnum
CREATE TYPE "authorization_status" AS ENUM ('PENDING', 'AUTHORIZED', 'REJECTED');

-- CreateEnum
CREATE TYPE "insurer_type" AS ENUM ('public', 'isapre_open', 'isapre_closed', 'armed_forces', 'none');

-- CreateEnum
CREATE TYPE "sales_order_status" AS ENUM ('PENDING_PAYMENT', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED');

-- CreateTable
CREATE TABLE "profile" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(8) NOT NULL,
    "name" VARCHAR(80) NOT NULL,

    CONSTRAINT "profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person" (
    "id" SERIAL NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "last_name" VARCHAR(100) NOT NULL,
    "rut" VARCHAR(12),
    "phone" VARCHAR(20),
    "profile_id" INTEGER NOT NULL,
    "company_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_user" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "last_login_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_session" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "current_jti" VARCHAR(64) NOT NULL,
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(300),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "refreshed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "auth_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" VARCHAR(128) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_visibility" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "company_id" INTEGER,
    "laboratory_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "person_visibility_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company" (
    "id" SERIAL NOT NULL,
    "rut" VARCHAR(12) NOT NULL,
    "legal_name" VARCHAR(200) NOT NULL,
    "trade_name" VARCHAR(200) NOT NULL,
    "email" VARCHAR(254),
    "phone" VARCHAR(20),
    "website" VARCHAR(300),
    "address_line" VARCHAR(300),
    "comuna_id" INTEGER,
    "status" "company_status" NOT NULL DEFAULT 'PENDING',
    "approved_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "location" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(5) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "kind" "location_kind" NOT NULL,
    "parent_id" INTEGER,
    "abbreviation" VARCHAR(10),
    "roman_numeral" VARCHAR(6),
    "province_code" VARCHAR(3),
    "province_name" VARCHAR(100),
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "near_location" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "near_location_id" INTEGER NOT NULL,
    "distance_km" DOUBLE PRECISION,
    "source" "near_location_source" NOT NULL DEFAULT 'ADJACENT',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "near_location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exam_type" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(4) NOT NULL,
    "name" VARCHAR(120) NOT NULL,

    CONSTRAINT "exam_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exam" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(7) NOT NULL,
    "code_dotted" VARCHAR(9) NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "description" TEXT,
    "type_exam_id" INTEGER NOT NULL,
    "category_id" INTEGER,
    "fonasa_year" INTEGER,
    "fonasa_price_level1" INTEGER,
    "fonasa_price_level2" INTEGER,
    "fonasa_price_level3" INTEGER,
    "fonasa_copay_level1" INTEGER,
    "fonasa_copay_level2" INTEGER,
    "fonasa_copay_level3" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "exam_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exam_synonym" (
    "id" SERIAL NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "synonym" VARCHAR(200) NOT NULL,
    "kind" VARCHAR(40) NOT NULL,

    CONSTRAINT "exam_synonym_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "category" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "slug" VARCHAR(140) NOT NULL,
    "description" TEXT,
    "parent_id" INTEGER,
    "cover_file_id" INTEGER,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "laboratory" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "identifier_name" VARCHAR(200) NOT NULL,
    "address_line1" VARCHAR(300) NOT NULL,
    "address_line2" VARCHAR(300),
    "comuna_id" INTEGER NOT NULL,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "phone" VARCHAR(20),
    "email" VARCHAR(254),
    "website" VARCHAR(300),
    "opening_hours" JSONB NOT NULL DEFAULT '[]',
    "fonasa_level" INTEGER NOT NULL DEFAULT 1,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "laboratory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "laboratory_exam" (
    "id" SERIAL NOT NULL,
    "laboratory_id" INTEGER NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "status" "authorization_status" NOT NULL DEFAULT 'PENDING',
    "authorized_at" TIMESTAMP(3),
    "authorized_by_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "laboratory_exam_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "laboratory_exam_price_history" (
    "id" SERIAL NOT NULL,
    "laboratory_exam_id" INTEGER NOT NULL,
    "old_price" INTEGER,
    "new_price" INTEGER NOT NULL,
    "changed_by_id" INTEGER,
    "changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "laboratory_exam_price_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "select_list_type" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(60) NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "isvisible" BOOLEAN NOT NULL DEFAULT true,
    "ispublic" BOOLEAN NOT NULL DEFAULT false,
    "isfilter" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "select_list_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "select_list_child" (
    "id" SERIAL NOT NULL,
    "type_id" INTEGER NOT NULL,
    "code" VARCHAR(60) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "select_list_child_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "laboratory_attribute" (
    "id" SERIAL NOT NULL,
    "laboratory_id" INTEGER NOT NULL,
    "select_list_type_id" INTEGER NOT NULL,
    "select_list_child_id" INTEGER,
    "value" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "laboratory_attribute_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "insurer" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(40) NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "type" "insurer_type" NOT NULL,
    "parent_id" INTEGER,
    "previred_code" VARCHAR(4),
    "notes" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "insurer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "laboratory_insurer" (
    "laboratory_id" INTEGER NOT NULL,
    "insurer_id" INTEGER NOT NULL,

    CONSTRAINT "laboratory_insurer_pkey" PRIMARY KEY ("laboratory_id","insurer_id")
);

-- CreateTable
CREATE TABLE "product" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(60) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT,
    "company_id" INTEGER,
    "laboratory_id" INTEGER,
    "category_id" INTEGER,
    "price" INTEGER NOT NULL,
    "list_price" INTEGER,
    "cover_file_id" INTEGER,
    "is_offer" BOOLEAN NOT NULL DEFAULT false,
    "is_new" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_exam" (
    "product_id" INTEGER NOT NULL,
    "exam_id" INTEGER NOT NULL,

    CONSTRAINT "product_exam_pkey" PRIMARY KEY ("product_id","exam_id")
);

-- CreateTable
CREATE TABLE "sales_order" (
    "id" SERIAL NOT NULL,
    "number" VARCHAR(20) NOT NULL,
    "person_id" INTEGER,
    "email" VARCHAR(254) NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "last_name" VARCHAR(100) NOT NULL,
    "rut" VARCHAR(12),
    "phone" VARCHAR(20),
    "status" "sales_order_status" NOT NULL DEFAULT 'PENDING_PAYMENT',
    "subtotal" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "payment_method" VARCHAR(40),
    "shipping_method" VARCHAR(40),
    "payment_ref" VARCHAR(120),
    "paid_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sales_order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sales_order_line" (
    "id" SERIAL NOT NULL,
    "sales_order_id" INTEGER NOT NULL,
    "product_id" INTEGER,
    "code" VARCHAR(60) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_price" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,

    CONSTRAINT "sales_order_line_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "banner" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "subtitle" VARCHAR(300),
    "link" VARCHAR(500),
    "image_file_id" INTEGER,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "banner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "slider" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "subtitle" VARCHAR(300),
    "link" VARCHAR(500),
    "image_file_id" INTEGER,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "slider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "file" (
    "id" SERIAL NOT NULL,
    "original_name" VARCHAR(255) NOT NULL,
    "storage_key" VARCHAR(255) NOT NULL,
    "mime_type" VARCHAR(120) NOT NULL,
    "size" INTEGER NOT NULL,
    "uploaded_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_message" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "phone" VARCHAR(20),
    "subject" VARCHAR(200),
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_log" (
    "id" BIGSERIAL NOT NULL,
    "route" VARCHAR(500) NOT NULL,
    "session" BIGINT NOT NULL,
    "person_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_history" (
    "id" BIGSERIAL NOT NULL,
    "filters" JSONB NOT NULL,
    "result_count" INTEGER NOT NULL,
    "took_ms" INTEGER NOT NULL,
    "session" BIGINT,
    "person_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "result_history" (
    "id" BIGSERIAL NOT NULL,
    "search_history_id" BIGINT NOT NULL,
    "laboratory_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "total" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "result_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" INTEGER,
    "action" VARCHAR(80) NOT NULL,
    "entity_type" VARCHAR(60) NOT NULL,
    "entity_id" VARCHAR(60),
    "details" JSONB,
    "ip" VARCHAR(64),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_event" (
    "id" BIGSERIAL NOT NULL,
    "type" VARCHAR(120) NOT NULL,
    "aggregate_type" VARCHAR(60) NOT NULL,
    "aggregate_id" VARCHAR(60) NOT NULL,
    "payload" JSONB NOT NULL,
    "occurred_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_event" (
    "consumer" VARCHAR(80) NOT NULL,
    "event_id" BIGINT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_event_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateTable
CREATE TABLE "app_meta" (
    "key" VARCHAR(80) NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "app_meta_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "profile_code_key" ON "profile"("code");

-- CreateIndex
CREATE UNIQUE INDEX "person_rut_key" ON "person"("rut");

-- CreateIndex
CREATE INDEX "person_profile_id_idx" ON "person"("profile_id");

-- CreateIndex
CREATE INDEX "person_company_id_idx" ON "person"("company_id");

-- CreateIndex
CREATE INDEX "person_last_name_first_name_idx" ON "person"("last_name", "first_name");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_person_id_key" ON "app_user"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE INDEX "auth_session_user_id_idx" ON "auth_session"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_token_hash_key" ON "password_reset"("token_hash");

-- CreateIndex
CREATE INDEX "password_reset_user_id_idx" ON "password_reset"("user_id");

-- CreateIndex
CREATE INDEX "person_visibility_company_id_idx" ON "person_visibility"("company_id");

-- CreateIndex
CREATE INDEX "person_visibility_laboratory_id_idx" ON "person_visibility"("laboratory_id");

-- CreateIndex
CREATE UNIQUE INDEX "person_visibility_person_id_company_id_laboratory_id_key" ON "person_visibility"("person_id", "company_id", "laboratory_id");

-- CreateIndex
CREATE UNIQUE INDEX "company_rut_key" ON "company"("rut");

-- CreateIndex
CREATE INDEX "company_status_idx" ON "company"("status");

-- CreateIndex
CREATE INDEX "company_trade_name_idx" ON "company"("trade_name");

-- CreateIndex
CREATE UNIQUE INDEX "location_code_key" ON "location"("code");

-- CreateIndex
CREATE INDEX "location_parent_id_sort_order_idx" ON "location"("parent_id", "sort_order");

-- CreateIndex
CREATE INDEX "location_kind_idx" ON "location"("kind");

-- CreateIndex
CREATE INDEX "near_location_near_location_id_idx" ON "near_location"("near_location_id");

-- CreateIndex
CREATE UNIQUE INDEX "near_location_location_id_near_location_id_key" ON "near_location"("location_id", "near_location_id");

-- CreateIndex
CREATE UNIQUE INDEX "exam_type_code_key" ON "exam_type"("code");

-- CreateIndex
CREATE UNIQUE INDEX "exam_code_key" ON "exam"("code");

-- CreateIndex
CREATE INDEX "exam_type_exam_id_idx" ON "exam"("type_exam_id");

-- CreateIndex
CREATE INDEX "exam_name_idx" ON "exam"("name");

-- CreateIndex
CREATE INDEX "exam_synonym_synonym_idx" ON "exam_synonym"("synonym");

-- CreateIndex
CREATE UNIQUE INDEX "exam_synonym_exam_id_synonym_key" ON "exam_synonym"("exam_id", "synonym");

-- CreateIndex
CREATE UNIQUE INDEX "category_slug_key" ON "category"("slug");

-- CreateIndex
CREATE INDEX "category_parent_id_idx" ON "category"("parent_id");

-- CreateIndex
CREATE INDEX "laboratory_company_id_idx" ON "laboratory"("company_id");

-- CreateIndex
CREATE INDEX "laboratory_comuna_id_idx" ON "laboratory"("comuna_id");

-- CreateIndex
CREATE INDEX "laboratory_identifier_name_idx" ON "laboratory"("identifier_name");

-- CreateIndex
CREATE INDEX "laboratory_exam_exam_id_price_idx" ON "laboratory_exam"("exam_id", "price");

-- CreateIndex
CREATE INDEX "laboratory_exam_status_idx" ON "laboratory_exam"("status");

-- CreateIndex
CREATE UNIQUE INDEX "laboratory_exam_laboratory_id_exam_id_key" ON "laboratory_exam"("laboratory_id", "exam_id");

-- CreateIndex
CREATE INDEX "laboratory_exam_price_history_laboratory_exam_id_changed_at_idx" ON "laboratory_exam_price_history"("laboratory_exam_id", "changed_at");

-- CreateIndex
CREATE UNIQUE INDEX "select_list_type_code_key" ON "select_list_type"("code");

-- CreateIndex
CREATE UNIQUE INDEX "select_list_child_type_id_code_key" ON "select_list_child"("type_id", "code");

-- CreateIndex
CREATE INDEX "laboratory_attribute_select_list_child_id_idx" ON "laboratory_attribute"("select_list_child_id");

-- CreateIndex
CREATE UNIQUE INDEX "laboratory_attribute_laboratory_id_select_list_type_id_sele_key" ON "laboratory_attribute"("laboratory_id", "select_list_type_id", "select_list_child_id");

-- CreateIndex
CREATE UNIQUE INDEX "insurer_code_key" ON "insurer"("code");

-- CreateIndex
CREATE INDEX "laboratory_insurer_insurer_id_idx" ON "laboratory_insurer"("insurer_id");

-- CreateIndex
CREATE UNIQUE INDEX "product_code_key" ON "product"("code");

-- CreateIndex
CREATE INDEX "product_company_id_idx" ON "product"("company_id");

-- CreateIndex
CREATE INDEX "product_laboratory_id_idx" ON "product"("laboratory_id");

-- CreateIndex
CREATE INDEX "product_category_id_idx" ON "product"("category_id");

-- CreateIndex
CREATE INDEX "product_exam_exam_id_idx" ON "product_exam"("exam_id");

-- CreateIndex
CREATE UNIQUE INDEX "sales_order_number_key" ON "sales_order"("number");

-- CreateIndex
CREATE INDEX "sales_order_person_id_idx" ON "sales_order"("person_id");

-- CreateIndex
CREATE INDEX "sales_order_status_created_at_idx" ON "sales_order"("status", "created_at");

-- CreateIndex
CREATE INDEX "sales_order_line_sales_order_id_idx" ON "sales_order_line"("sales_order_id");

-- CreateIndex
CREATE INDEX "banner_is_active_sort_order_idx" ON "banner"("is_active", "sort_order");

-- CreateIndex
CREATE INDEX "slider_is_active_sort_order_idx" ON "slider"("is_active", "sort_order");

-- CreateIndex
CREATE UNIQUE INDEX "file_storage_key_key" ON "file"("storage_key");

-- CreateIndex
CREATE INDEX "access_log_created_at_idx" ON "access_log"("created_at");

-- CreateIndex
CREATE INDEX "access_log_session_idx" ON "access_log"("session");

-- CreateIndex
CREATE INDEX "search_history_created_at_idx" ON "search_history"("created_at");

-- CreateIndex
CREATE INDEX "result_history_search_history_id_idx" ON "result_history"("search_history_id");

-- CreateIndex
CREATE INDEX "result_history_laboratory_id_created_at_idx" ON "result_history"("laboratory_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_entity_type_entity_id_idx" ON "audit_log"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- CreateIndex
CREATE INDEX "outbox_event_occurred_at_idx" ON "outbox_event"("occurred_at");

-- AddForeignKey
ALTER TABLE "person" ADD CONSTRAINT "person_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person" ADD CONSTRAINT "person_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_visibility" ADD CONSTRAINT "person_visibility_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_visibility" ADD CONSTRAINT "person_visibility_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_visibility" ADD CONSTRAINT "person_visibility_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company" ADD CONSTRAINT "company_comuna_id_fkey" FOREIGN KEY ("comuna_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "location" ADD CONSTRAINT "location_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "near_location" ADD CONSTRAINT "near_location_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "near_location" ADD CONSTRAINT "near_location_near_location_id_fkey" FOREIGN KEY ("near_location_id") REFERENCES "location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exam" ADD CONSTRAINT "exam_type_exam_id_fkey" FOREIGN KEY ("type_exam_id") REFERENCES "exam_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exam" ADD CONSTRAINT "exam_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exam_synonym" ADD CONSTRAINT "exam_synonym_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "category"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category" ADD CONSTRAINT "category_cover_file_id_fkey" FOREIGN KEY ("cover_file_id") REFERENCES "file"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory" ADD CONSTRAINT "laboratory_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory" ADD CONSTRAINT "laboratory_comuna_id_fkey" FOREIGN KEY ("comuna_id") REFERENCES "location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_exam" ADD CONSTRAINT "laboratory_exam_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_exam" ADD CONSTRAINT "laboratory_exam_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_exam" ADD CONSTRAINT "laboratory_exam_authorized_by_id_fkey" FOREIGN KEY ("authorized_by_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_exam_price_history" ADD CONSTRAINT "laboratory_exam_price_history_laboratory_exam_id_fkey" FOREIGN KEY ("laboratory_exam_id") REFERENCES "laboratory_exam"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_exam_price_history" ADD CONSTRAINT "laboratory_exam_price_history_changed_by_id_fkey" FOREIGN KEY ("changed_by_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "select_list_child" ADD CONSTRAINT "select_list_child_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "select_list_type"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_attribute" ADD CONSTRAINT "laboratory_attribute_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_attribute" ADD CONSTRAINT "laboratory_attribute_select_list_type_id_fkey" FOREIGN KEY ("select_list_type_id") REFERENCES "select_list_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_attribute" ADD CONSTRAINT "laboratory_attribute_select_list_child_id_fkey" FOREIGN KEY ("select_list_child_id") REFERENCES "select_list_child"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "insurer" ADD CONSTRAINT "insurer_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "insurer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_insurer" ADD CONSTRAINT "laboratory_insurer_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "laboratory_insurer" ADD CONSTRAINT "laboratory_insurer_insurer_id_fkey" FOREIGN KEY ("insurer_id") REFERENCES "insurer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_cover_file_id_fkey" FOREIGN KEY ("cover_file_id") REFERENCES "file"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_exam" ADD CONSTRAINT "product_exam_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_exam" ADD CONSTRAINT "product_exam_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_order_line" ADD CONSTRAINT "sales_order_line_sales_order_id_fkey" FOREIGN KEY ("sales_order_id") REFERENCES "sales_order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_order_line" ADD CONSTRAINT "sales_order_line_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "banner" ADD CONSTRAINT "banner_image_file_id_fkey" FOREIGN KEY ("image_file_id") REFERENCES "file"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "slider" ADD CONSTRAINT "slider_image_file_id_fkey" FOREIGN KEY ("image_file_id") REFERENCES "file"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "file" ADD CONSTRAINT "file_uploaded_by_id_fkey" FOREIGN KEY ("uploaded_by_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result_history" ADD CONSTRAINT "result_history_search_history_id_fkey" FOREIGN KEY ("search_history_id") REFERENCES "search_history"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result_history" ADD CONSTRAINT "result_history_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

