import { defineConfig } from "vitest/config";

/**
 * The node-side checks of the scripts and of what the build made (the `.test.ts` files under scripts/): the server
 * build's patched router, the first loads' chunks, the local D1 file, the capacity model. No browser and no app;
 * `npm test` runs them in the lane beside the journeys, after the build.
 */
export default defineConfig({
  test: {
    include: ["scripts/**/*.test.ts"],
    testTimeout: 60_000,
    fileParallelism: false,
  },
});
