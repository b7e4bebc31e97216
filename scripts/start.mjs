/** `npm start`: build, migrate and (on an empty database) seed local D1, then serve on PORT (default 8787). */
import { DEMO_ACCOUNT } from "../app/lib/constants.ts";
import { build, migrate, seed, serve } from "./local-app.mjs";

const port = Number(process.env.PORT || 8787);
const started = Date.now();
console.log("Building DealerLane…");
build();
console.log("Applying migrations to local D1…");
migrate();
console.log("Checking demo data…");
process.stdout.write(seed());
const app = await serve({ port, inherit: true });
console.log(
  `\nDealerLane is running on http://localhost:${port} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
console.log(
  `Demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}  (or the Quick login button on /login)\n`,
);
process.on("SIGINT", () => {
  app.stop();
  process.exit(0);
});
process.on("SIGTERM", () => {
  app.stop();
  process.exit(0);
});
