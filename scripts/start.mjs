/**
 * `npm start`: build, migrate and (on an empty database) seed local D1, then serve on PORT (default 8787).
 * Google sign-in goes to a local stand-in for Google's consent screen unless .dev.vars configures real Google.
 */
import { DEMO_ACCOUNT } from "#lib/constants";
import { googleForLocalRun } from "./google-stand-in.ts";
import { build, migrate, seed, serve } from "./local-app.mjs";

const port = Number(process.env.PORT || 8787);
const started = Date.now();
console.log("Building DealerLane…");
build();
console.log("Applying migrations to local D1…");
migrate();
console.log("Checking demo data…");
process.stdout.write(seed());
const google = await googleForLocalRun();
const app = await serve({ port, inherit: true, vars: google?.vars });
console.log(
  `\nDealerLane is running on http://localhost:${port} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (google)
  console.log(`Continue with Google opens a local stand-in for Google's consent screen (${google.url}).`);
console.log(
  `Demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}  (or the Quick login button on /login)\n`,
);
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    app.stop();
    google?.server.close();
    process.exit(0);
  });
