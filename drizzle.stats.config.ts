import { defineConfig } from "drizzle-kit";

/** My Stats' own database (STATS_DB; docs/decisions/0098-stats-database.md): `npm run db:generate:stats`. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/stats-schema.ts",
  out: "./migrations-stats",
});
