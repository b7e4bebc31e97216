import { defineConfig } from "drizzle-kit";

/** The outbox's own database (OUTBOX_DB; docs/decisions/0094-outbox-database.md): `npm run db:generate:outbox`. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/outbox-schema.ts",
  out: "./migrations-outbox",
});
