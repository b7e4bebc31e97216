import { expect, it } from "vitest";
import { fullApiDocument } from "../../worker/api";

// The browser's typed client (app/lib/api-schema.d.ts) is made from this copy: `npm run api:client` refreshes both.
it("the committed full API document is the one the routers make", async () => {
  await expect(`${JSON.stringify(fullApiDocument())}\n`).toMatchFileSnapshot("../../app/lib/api-schema.json");
});
