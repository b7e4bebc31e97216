import { defineConfig } from "drizzle-kit";

/** The bell's own database (BELL_DB; docs/decisions/0097-bell-database.md): `npm run db:generate:bell`. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/bell-schema.ts",
  out: "./migrations-bell",
});
