import { describe, expect, it } from "vitest";
import {
  PASSWORD_ITERATIONS,
  hashPassword,
  passwordIterationsOf,
  verifyAgainstNothing,
  verifyPassword,
} from "./password";

describe("password hashes", () => {
  it("get 100 000 PBKDF2 iterations unless a setting within bounds says otherwise", () => {
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    expect(passwordIterationsOf(undefined)).toBe(100_000);
    expect(passwordIterationsOf("1000")).toBe(1_000);
    expect(passwordIterationsOf("25000")).toBe(25_000);
    for (const refused of ["", "999", "1", "0", "-5000", "100001", "2500.5", "abc", "1e9", " "])
      expect(passwordIterationsOf(refused), refused).toBe(100_000);
  });

  it("carry their own count, so a check passes whatever new hashes get", async () => {
    const production = await hashPassword("correct-horse-1");
    const fewer = await hashPassword("correct-horse-1", 1_000);
    expect(production).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(fewer).toMatch(/^pbkdf2-sha256\$1000\$/);
    for (const stored of [production, fewer]) {
      expect(await verifyPassword("correct-horse-1", stored)).toBe(true);
      expect(await verifyPassword("correct-horse-2", stored)).toBe(false);
    }
    expect(await verifyPassword("correct-horse-1", fewer.replace("$1000$", "$1001$"))).toBe(false);
    expect(await verifyAgainstNothing("correct-horse-1", 1_000)).toBe(false);
  });
});
