/**
 * Retakes the Watch Demo screenshots (public/demo/*.webp, 800×500) and the Open Graph image
 * (public/og-image.png, 1200×630) from a running local app, so they always show the real screens.
 *
 *   npm run build && node -e 'import("./scripts/local-app.mjs").then(async (m) => { … serve({ port: 8791 }) })'
 *   node scripts/capture-demo-screens.mjs [http://localhost:8791]
 *
 * Needs Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH). The captions live in app/components/public/copy/demo-slides.ts:
 * when a screen changes a lot, check that its caption is still true.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const base = process.argv[2] || "http://localhost:8791";

const browser = await launchChromium();

/** A page in a fresh browser context (dark theme, no motion) at `viewport`. */
async function open(viewport, theme = "dark") {
  const ctx = await browser.newContext({
    baseURL: base,
    viewport,
    reducedMotion: "reduce",
    serviceWorkers: "block",
  });
  await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
  return ctx.newPage();
}

async function settle(page) {
  await page.waitForLoadState("networkidle");
  // Toasts ("Welcome back!") are not part of the screen being shown.
  await page.addStyleTag({ content: "[data-testid=toast]{display:none!important}" });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

/** Scales a PNG into a width×height WebP (or PNG) with Chromium's own encoder; a phone shot is centred on a backdrop. */
async function encode(png, { width, height, type = "image/webp", quality = 0.82, phone = false }) {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(
    async ({ src, width, height, type, quality, phone }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d");
      if (phone) {
        const gradient = g.createLinearGradient(0, 0, width, height);
        gradient.addColorStop(0, "#0f172a");
        gradient.addColorStop(1, "#1a4fb0");
        g.fillStyle = gradient;
        g.fillRect(0, 0, width, height);
        const h = height - 40;
        const w = (img.width / img.height) * h;
        const x = (width - w) / 2;
        g.fillStyle = "#020617";
        g.beginPath();
        g.roundRect(x - 8, 12, w + 16, h + 16, 28);
        g.fill();
        g.save();
        g.beginPath();
        g.roundRect(x, 20, w, h, 20);
        g.clip();
        g.drawImage(img, x, 20, w, h);
        g.restore();
      } else {
        g.imageSmoothingQuality = "high";
        g.drawImage(img, 0, 0, width, height);
      }
      return canvas.toDataURL(type, quality);
    },
    { src: `data:image/png;base64,${png.toString("base64")}`, width, height, type, quality, phone },
  );
  await page.close();
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

const SLIDE = { width: 800, height: 500 };

/** The page, once settled, as `file` in public/ at `size`. */
async function snap(page, file, size = SLIDE) {
  await settle(page);
  const buffer = await encode(await page.screenshot(), size);
  writeFileSync(path.join(root, "public", file), buffer);
  console.log(`${file}: ${(buffer.length / 1024).toFixed(1)} kB`);
}

async function quickLogin(page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Quick login (demo)" }).click();
  await page.waitForURL(`${base}/`);
}

const desktop = { width: 1280, height: 800 };

// 1. The landing page, and the same at the Open Graph image's size.
for (const [viewport, file, size] of [
  [desktop, "demo/01-landing.webp", SLIDE],
  [{ width: 1200, height: 630 }, "og-image.png", { width: 1200, height: 630, type: "image/png" }],
]) {
  const page = await open(viewport);
  await page.goto("/");
  await snap(page, file, size);
  await page.context().close();
}

// 2. Sign-up, 3. onboarding step 1 (with a fresh account made through the form).
{
  const page = await open(desktop);
  await page.goto("/login?mode=signup");
  await snap(page, "demo/02-sign-up.webp");
  await page.getByLabel("Email").fill(`dana.${Date.now() % 100000}@whitfield-motors.example`);
  await page.getByLabel("Password", { exact: true }).fill("walkthrough-2026");
  await page.getByLabel("Confirm Password").fill("walkthrough-2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(`${base}/onboarding`);
  await snap(page, "demo/03-onboarding.webp");
  await page.context().close();
}

// 4. The signed-in home on a desktop, 5. on a phone.
for (const [viewport, file, size] of [
  [desktop, "demo/04-dealer-home.webp", SLIDE],
  [{ width: 390, height: 844 }, "demo/05-mobile.webp", { ...SLIDE, phone: true }],
]) {
  const page = await open(viewport);
  await quickLogin(page);
  await snap(page, file, size);
  await page.context().close();
}

await browser.close();
