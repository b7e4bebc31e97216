import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isoDay, revenueEstimate } from "#lib/admin";
import { SUSPENDED_MESSAGE } from "#lib/admin-texts";
import { UNKNOWN_ACTION } from "#lib/intents";
import type { AdminFigures, AdminUser, AuditEntry, Promotion } from "#lib/api-types";
import { createServices } from "../../worker/services";
import { ORIGIN, call, freshIp, signUpAdmin, signUpDealer } from "./helpers";
import { OPERATIONS } from "./operations";

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;

const DAY = 24 * 60 * 60 * 1000;

const accountIdOf = async (email: string) =>
  (await env.DB.prepare("select id from accounts where email = ?").bind(email).first<{ id: string }>())!.id;

/** A subscription row as the processors leave it, straight into D1. */
async function subscribe(dealerId: string, planId: "basic" | "premium", status: string, periodEnd: number) {
  await env.DB.prepare(
    `insert into subscriptions (id, dealer_id, plan_id, status, processor, current_period_start, current_period_end)
     values (?, ?, ?, ?, 'demo', ?, ?)`,
  )
    .bind(crypto.randomUUID(), dealerId, planId, status, Date.now() - DAY, periodEnd)
    .run();
}

async function auditOf(cookie: string, query: string) {
  const res = await call("GET", `/api/admin/audit?${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as unknown as AuditEntry[];
}

let admin: Dealer;
let dealer: Dealer;

beforeAll(async () => {
  admin = await signUpAdmin();
  dealer = await signUpDealer();
});

describe("every /api/admin call", () => {
  const ADMIN = OPERATIONS.filter((e) => e.access === "admin");
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "x");

  it("is documented as admin-only and lives under /api/admin", () => {
    expect(ADMIN.length).toBeGreaterThan(20);
    for (const e of ADMIN) expect(e.path.startsWith("/api/admin/")).toBe(true);
    expect(OPERATIONS.filter((e) => e.path.startsWith("/api/admin/") && e.access !== "admin")).toEqual([]);
  });

  it.each(ADMIN.map((e) => [e.method, e.path] as const))(
    "%s %s answers 401 signed out and 403 to a dealer",
    async (method, path) => {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const signedOut = await call(method, concrete(path), { body });
      expect(signedOut.status).toBe(401);
      const asDealer = await call(method, concrete(path), { cookie: dealer.cookie, body });
      expect(asDealer.status).toBe(403);
      expect(asDealer.json).toEqual({ message: "Admins only" });
    },
  );
});

describe("GET /api/admin/figures", () => {
  it("counts real subscriptions for MRR and shows the estimate beside it", async () => {
    const [basic, premium, lapsed, canceled] = [
      await signUpDealer(),
      await signUpDealer(),
      await signUpDealer(),
      await signUpDealer(),
    ];
    const month = Date.now() + 30 * DAY;
    await subscribe(basic.dealerId, "basic", "active", month);
    await subscribe(premium.dealerId, "premium", "active", month);
    await subscribe(lapsed.dealerId, "premium", "active", Date.now() - DAY);
    await subscribe(canceled.dealerId, "basic", "canceled", Date.now() - DAY);
    // The staff's own dealership on a plan is neither a dealer of the network nor revenue.
    await subscribe(admin.dealerId, "premium", "active", month);
    const res = await call("GET", "/api/admin/figures", { cookie: admin.cookie });
    expect(res.status, res.text).toBe(200);
    const figures = res.json as unknown as AdminFigures;
    const dealers = await env.DB.prepare(
      "select count(*) as n from dealers d join accounts a on a.id = d.account_id where a.role = 'dealer' and d.deleted_at is null",
    ).first<{ n: number }>();
    expect(figures.dealers.total).toBe(dealers!.n);
    expect(figures.dealers.newThisWeek).toBe(dealers!.n);
    // Basic $99 + Premium $149: the lapsed period and the canceled one bring nothing.
    expect(figures.revenue.mrrCents).toBe(9900 + 14900);
    expect(figures.revenue.annualRunRateCents).toBe((9900 + 14900) * 12);
    expect(figures.revenue.payingDealers).toBe(2);
    expect(figures.revenue.estimate).toEqual(revenueEstimate(dealers!.n));
    expect(figures.subscriptions).toEqual(
      expect.arrayContaining([
        { planId: "basic", planName: expect.any(String), status: "active", count: 1 },
        { planId: "basic", planName: expect.any(String), status: "canceled", count: 1 },
        { planId: "premium", planName: expect.any(String), status: "active", count: 2 },
      ]),
    );
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)!.day).toBe(isoDay());
    expect(figures.daily.at(-1)!.signups).toBeGreaterThanOrEqual(dealers!.n);
  });

  it("follows the estimate's formula: users × $99, 30 % of users rounded down at +$50, annual = monthly × 12", () => {
    expect(revenueEstimate(10)).toEqual({
      users: 10,
      premiumUsers: 3,
      monthlyCents: 114_000,
      annualCents: 1_368_000,
    });
    expect(revenueEstimate(7)).toEqual({
      users: 7,
      premiumUsers: 2,
      monthlyCents: 79_300,
      annualCents: 951_600,
    });
    expect(revenueEstimate(0).monthlyCents).toBe(0);
  });

  it("reads posts, messages and deals from the summary rows the triggers keep", async () => {
    const before = (await call("GET", "/api/admin/figures", { cookie: admin.cookie }))
      .json as unknown as AdminFigures;
    const other = await signUpDealer();
    await call("POST", "/api/inventory", {
      cookie: dealer.cookie,
      body: { title: "2019 Ford F-150 XLT", type: "for-sale", description: "Clean" },
    });
    await call("POST", "/api/messages", {
      cookie: dealer.cookie,
      body: { receiverId: other.dealerId, content: "Still have the F-150?" },
    });
    const proposed = await call("POST", "/api/deals", {
      cookie: dealer.cookie,
      body: {
        counterpartyId: other.dealerId,
        role: "seller",
        vehicle: { year: 2019, make: "Ford", model: "F-150", trim: "XLT", miles: 41000, color: "White" },
        price: 28500,
        location: "Dallas, TX",
      },
    });
    expect(proposed.status, proposed.text).toBe(201);
    const after = (await call("GET", "/api/admin/figures", { cookie: admin.cookie }))
      .json as unknown as AdminFigures;
    expect(after.thisWeek.posts).toBe(before.thisWeek.posts + 1);
    expect(after.thisWeek.messages).toBe(before.thisWeek.messages + 1);
    expect(after.thisWeek.deals).toBe(before.thisWeek.deals + 1);
    const pending = (f: AdminFigures) =>
      f.deals.byStatus.find((d) => d.status === "pending") ?? { count: 0, volumeCents: 0 };
    expect(pending(after).count).toBe(pending(before).count + 1);
    expect(pending(after).volumeCents).toBe(pending(before).volumeCents + 2_850_000);
  });
});

describe("the demo network in the figures", () => {
  it("counts no demo dealer, post or message in the business figures, and shows the demo network apart", async () => {
    const figures = async () =>
      (await call("GET", "/api/admin/figures", { cookie: admin.cookie })).json as unknown as AdminFigures;
    const before = await figures();
    const created = await call("POST", "/api/auth/create-dummy", {
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(created.status).toBe(201);
    const cookie = created.headers
      .getSetCookie()
      .find((c) => c.startsWith("dl_session="))!
      .split(";")[0]!;
    const partner = await signUpDealer();
    await env.DB.prepare("update dealers set is_demo = 1 where id = ?").bind(partner.dealerId).run();
    const posted = await call("POST", "/api/inventory", {
      cookie,
      body: { title: "2020 Toyota Tacoma", type: "for-sale", description: "Demo truck" },
    });
    expect(posted.status).toBe(201);
    const sent = await call("POST", "/api/messages", {
      cookie,
      body: { receiverId: partner.dealerId, content: "Demo hello" },
    });
    expect(sent.status).toBe(201);
    const after = await figures();
    expect(after.thisWeek.posts).toBe(before.thisWeek.posts);
    expect(after.thisWeek.messages).toBe(before.thisWeek.messages);
    expect(after.thisWeek.signups).toBe(before.thisWeek.signups + 1); // the real partner, not the demo account
    expect(after.dealers.total).toBe(before.dealers.total);
    expect(after.revenue.payingDealers).toBe(before.revenue.payingDealers);
    expect(after.demoNetwork.dealers).toBe(before.demoNetwork.dealers + 2);
    expect(after.demoNetwork.throwawayAccounts).toBe(before.demoNetwork.throwawayAccounts + 1);
    // The demo dealership may come with starter posts of its own: at least the one it made, all this week.
    const madeDemoPosts = after.demoNetwork.posts - before.demoNetwork.posts;
    expect(madeDemoPosts).toBeGreaterThanOrEqual(1);
    expect(after.demoNetwork.postsThisWeek - before.demoNetwork.postsThisWeek).toBe(madeDemoPosts);
    const page = await call("GET", "/admin", { cookie: admin.cookie });
    expect(page.text).toContain("Demo network");
  });
});

describe("/api/admin/users", () => {
  it("finds an account by e-mail or dealership with its true plan", async () => {
    const premium = await signUpDealer(`premium-${crypto.randomUUID()}@example.com`);
    await subscribe(premium.dealerId, "premium", "active", Date.now() + 30 * DAY);
    const res = await call("GET", `/api/admin/users?q=${encodeURIComponent(premium.email)}`, {
      cookie: admin.cookie,
    });
    expect(res.status, res.text).toBe(200);
    const [user] = res.json as unknown as AdminUser[];
    expect(user).toMatchObject({
      email: premium.email,
      role: "dealer",
      status: "active",
      plan: { id: "premium", status: "active" },
      dealer: { id: premium.dealerId },
    });
    const all = await call("GET", "/api/admin/users?q=Whitfield&limit=2", { cookie: admin.cookie });
    expect(all.json).toHaveLength(2);
    expect(all.headers.get("X-Next-Cursor")).toBeTruthy();
  });

  it("suspends an account everywhere — its sessions end, sign-in refuses — and reactivates it, audited", async () => {
    const victim = await signUpDealer();
    const accountId = await accountIdOf(victim.email);
    const suspended = await call("POST", `/api/admin/users/${accountId}/suspend`, {
      cookie: admin.cookie,
      body: { reason: "Chargebacks" },
    });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.json).toMatchObject({ status: "suspended", suspensionReason: "Chargebacks" });
    // The cookie it had is worth nothing: API and pages alike.
    expect((await call("GET", "/api/auth/me", { cookie: victim.cookie })).status).toBe(401);
    expect((await call("GET", "/api/inventory", { cookie: victim.cookie })).status).toBe(401);
    const signIn = await call("POST", "/api/auth/login", {
      body: { email: victim.email, password: victim.password },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.json.message).toBe(SUSPENDED_MESSAGE);
    // A wrong password still says only that it is wrong.
    const guess = await call("POST", "/api/auth/login", {
      body: { email: victim.email, password: "wrong-password-1" },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(guess.status).toBe(401);

    const back = await call("POST", `/api/admin/users/${accountId}/reactivate`, { cookie: admin.cookie });
    expect(back.json).toMatchObject({ status: "active", suspendedAt: null });
    const again = await call("POST", "/api/auth/login", {
      body: { email: victim.email, password: victim.password },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(again.status).toBe(200);

    const entries = await auditOf(admin.cookie, `recordId=${accountId}`);
    expect(entries.map((e) => e.action)).toEqual(["user.reactivate", "user.suspend"]);
    expect(entries[1]).toMatchObject({
      actor: { email: admin.email },
      recordType: "account",
      before: { status: "active" },
      after: { status: "suspended", reason: "Chargebacks" },
    });
  });

  it("never lets an admin suspend or demote themselves", async () => {
    const self = await accountIdOf(admin.email);
    expect(
      (await call("POST", `/api/admin/users/${self}/suspend`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(409);
    const demote = await call("POST", `/api/admin/users/${self}/role`, {
      cookie: admin.cookie,
      body: { role: "dealer" },
    });
    expect(demote.status).toBe(409);
  });

  it("grants and removes admin, edits through the dealer rules, adds and deletes users — each audited", async () => {
    const someone = await signUpDealer();
    const accountId = await accountIdOf(someone.email);
    const granted = await call("POST", `/api/admin/users/${accountId}/role`, {
      cookie: admin.cookie,
      body: { role: "admin" },
    });
    expect(granted.json.role).toBe("admin");
    expect((await call("GET", "/api/admin/figures", { cookie: someone.cookie })).status).toBe(200);
    await call("POST", `/api/admin/users/${accountId}/role`, {
      cookie: admin.cookie,
      body: { role: "dealer" },
    });
    expect((await call("GET", "/api/admin/figures", { cookie: someone.cookie })).status).toBe(403);

    const edited = await call("PATCH", `/api/admin/users/${accountId}`, {
      cookie: admin.cookie,
      body: { city: "Tulsa", state: "OK" },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.dealer).toMatchObject({ city: "Tulsa", state: "OK" });
    const invalid = await call("PATCH", `/api/admin/users/${accountId}`, {
      cookie: admin.cookie,
      body: { state: "Nowhere" },
    });
    expect(invalid.status).toBe(400);

    const email = `added-${crypto.randomUUID()}@example.com`;
    const added = await call("POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: { email, firstName: "Ray", lastName: "Ortiz", dealershipName: "Ortiz Auto" },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ email, dealer: { dealershipName: "Ortiz Auto" } });
    const mail = await env.OUTBOX_DB.prepare(
      "select body_text from outbox where recipient = ? and template = 'password-reset'",
    )
      .bind(email)
      .first<{ body_text: string }>();
    expect(mail?.body_text).toMatch(/reset-password\?token=/);
    const duplicate = await call("POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: { email, firstName: "Ray", lastName: "Ortiz", dealershipName: "Ortiz Auto" },
    });
    expect(duplicate.status).toBe(409);

    const deleted = await call("DELETE", `/api/admin/users/${accountId}`, { cookie: admin.cookie });
    expect(deleted.status).toBe(204);
    expect((await call("GET", `/api/admin/users/${accountId}`, { cookie: admin.cookie })).status).toBe(404);

    const actions = (await auditOf(admin.cookie, `recordId=${accountId}`)).map((e) => e.action);
    expect(actions).toEqual(["user.delete", "user.remove-admin", "user.grant-admin"]);
    const edits = await auditOf(admin.cookie, "action=user.update");
    expect(edits[0]).toMatchObject({ after: { city: "Tulsa", state: "OK" } });
    expect((await auditOf(admin.cookie, "action=user.create"))[0]).toMatchObject({ after: { email } });
  });

  it("refunds a payment within 30 days through the subscriptions domain", async () => {
    const payer = await signUpDealer();
    const paid = await call("POST", "/api/auth/complete-subscription", {
      cookie: payer.cookie,
      body: {
        plan: "basic",
        paymentInfo: {
          cardNumber: "4242424242424242",
          expiryDate: "12/34",
          cvv: "123",
          cardholderName: "Pat",
        },
      },
    });
    expect(paid.status, paid.text).toBeLessThan(300);
    const accountId = await accountIdOf(payer.email);
    const invoices = await call("GET", `/api/admin/users/${accountId}/invoices`, { cookie: admin.cookie });
    const invoice = (invoices.json as unknown as { id: string; status: string }[])[0]!;
    expect(invoice.status).toBe("paid");
    const refund = await call("POST", "/api/admin/refunds", {
      cookie: admin.cookie,
      body: { invoiceId: invoice.id, reason: "Money-back guarantee" },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.json).toMatchObject({ status: "refunded", refundedCents: 9900 });
    const twice = await call("POST", "/api/admin/refunds", {
      cookie: admin.cookie,
      body: { invoiceId: invoice.id, reason: "Again" },
    });
    expect(twice.status).toBe(409);
    expect((await auditOf(admin.cookie, `recordId=${invoice.id}`))[0]).toMatchObject({
      action: "payment.refund",
      after: { status: "refunded", refundedCents: 9900 },
    });
  });

  it("exports users as CSV and a streamed JSON backup without secrets", async () => {
    const csv = await call("GET", "/api/admin/export/users", { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(csv.text.split("\r\n")[0]).toMatch(/^Account ID,E-mail,Role,Status/);
    expect(csv.text).toContain(dealer.email);
    const backup = await call("GET", "/api/admin/export/backup", { cookie: admin.cookie });
    expect(backup.status).toBe(200);
    const tables = (backup.json as unknown as { tables: Record<string, Record<string, unknown>[]> }).tables;
    expect(tables.accounts!.some((a) => a.email === dealer.email)).toBe(true);
    expect(tables.dealers!.some((d) => d.id === dealer.dealerId)).toBe(true);
    expect(backup.text).not.toContain("password_hash");
    expect(tables).not.toHaveProperty("sessions");
    expect((await auditOf(admin.cookie, "action=data.export")).map((e) => e.recordId)).toEqual([
      "backup.json",
      "users.csv",
    ]);
  });
});

describe("/api/admin/deals", () => {
  it("rejects a deal with a note: both dealers are notified and see it", async () => {
    const buyer = await signUpDealer();
    const proposed = await call("POST", "/api/deals", {
      cookie: dealer.cookie,
      body: {
        counterpartyId: buyer.dealerId,
        role: "seller",
        vehicle: { year: 2020, make: "Chevrolet", model: "Tahoe", trim: "LT", miles: 40000, color: "Black" },
        price: 41000,
        location: "Austin, TX",
      },
    });
    const dealId = proposed.json.id as string;
    await call("POST", `/api/deals/${dealId}/confirm`, { cookie: buyer.cookie });
    const listed = await call("GET", "/api/admin/deals?status=confirmed", { cookie: admin.cookie });
    expect((listed.json as unknown as { id: string }[]).map((d) => d.id)).toContain(dealId);

    const rejected = await call("POST", `/api/admin/deals/${dealId}/process`, {
      cookie: admin.cookie,
      body: { decision: "rejected", notes: "Title history does not match the VIN" },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json).toMatchObject({
      reviewStatus: "rejected",
      reviewNotes: "Title history does not match the VIN",
    });
    for (const party of [dealer, buyer]) {
      const deal = await call("GET", `/api/deals/${dealId}`, { cookie: party.cookie });
      expect(deal.json).toMatchObject({
        reviewStatus: "rejected",
        reviewNotes: "Title history does not match the VIN",
      });
      let found = false;
      for (let i = 0; i < 100 && !found; i++) {
        const list = await call("GET", "/api/notifications?limit=50", { cookie: party.cookie });
        found = (list.json as unknown as { title: string; body: string }[]).some(
          (n) => n.title.startsWith("Deal rejected") && n.body.includes("Title history"),
        );
        if (!found) await new Promise((r) => setTimeout(r, 20));
      }
      expect(found).toBe(true);
    }
    const approved = await call("POST", `/api/admin/deals/${dealId}/process`, {
      cookie: admin.cookie,
      body: { decision: "approved", notes: "" },
    });
    expect(approved.json.reviewStatus).toBe("approved");
    const sale = await call("GET", `/api/deals/${dealId}`, { cookie: buyer.cookie });
    expect(sale.json.saleStatus).toBe("completed");
    expect((await auditOf(admin.cookie, `recordId=${dealId}`)).map((e) => e.action)).toEqual([
      "deal.approve",
      "deal.reject",
    ]);
  });
});

describe("promotions", () => {
  it("need a title and a message, and take the promotion defaults", async () => {
    const empty = await call("POST", "/api/admin/promotions", {
      cookie: admin.cookie,
      body: { title: "", message: "x" },
    });
    expect(empty.status).toBe(400);
    const created = await call("POST", "/api/admin/promotions", {
      cookie: admin.cookie,
      body: { title: "Defaults", message: "Seven days" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      type: "info",
      isActive: true,
      targetAudience: "all",
      startDate: isoDay(),
      endDate: isoDay(Date.now() + 7 * DAY),
    });
    const list = await call("GET", "/api/admin/promotions", { cookie: admin.cookie });
    expect((list.json as unknown as Promotion[])[0]!.id).toBe(created.json.id);
  });

  it("reach the dealers of their audience inside their date window only", async () => {
    const services = createServices(env);
    const [premium, basic, trial] = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
    const month = Date.now() + 30 * DAY;
    await subscribe(premium.dealerId, "premium", "active", month);
    await subscribe(basic.dealerId, "basic", "active", month);
    const tag = crypto.randomUUID().slice(0, 8);
    const make = async (title: string, extra: Record<string, unknown>) =>
      (
        await call("POST", "/api/admin/promotions", {
          cookie: admin.cookie,
          body: { title: `${title} ${tag}`, message: "m", ...extra },
        })
      ).json as unknown as Promotion;
    const forPremium = await make("Premium", { targetAudience: "premium", type: "promotion" });
    const forBasic = await make("Basic", { targetAudience: "basic" });
    const forAll = await make("All", {});
    await make("Tomorrow", { startDate: isoDay(Date.now() + DAY), endDate: isoDay(Date.now() + 3 * DAY) });
    await make("Ended", { startDate: isoDay(Date.now() - 5 * DAY), endDate: isoDay(Date.now() - DAY) });
    const paused = await make("Paused", {});
    const pause = await call("PATCH", `/api/admin/promotions/${paused.id}`, {
      cookie: admin.cookie,
      body: { isActive: false },
    });
    expect(pause.json.isActive).toBe(false);

    const seen = async (d: Dealer) =>
      (await services.admin.promotions.forDealer(d.dealerId))
        .filter((p) => p.title.endsWith(tag))
        .map((p) => p.id);
    expect(await seen(premium)).toEqual([forAll.id, forPremium.id]);
    expect(await seen(basic)).toEqual([forAll.id, forBasic.id]);
    expect(await seen(trial)).toEqual([forAll.id]);

    expect(
      (await call("DELETE", `/api/admin/promotions/${forAll.id}`, { cookie: admin.cookie })).status,
    ).toBe(204);
    expect(await seen(trial)).toEqual([]);
    const actions = (await auditOf(admin.cookie, `recordId=${paused.id}`)).map((e) => e.action);
    expect(actions).toEqual(["promotion.update", "promotion.create"]);
  });
});

describe("pricing", () => {
  it("saves whole-dollar prices that /pricing and new subscriptions follow", async () => {
    const fractional = await call("PATCH", "/api/admin/plans/basic", {
      cookie: admin.cookie,
      body: { price: 99.5 },
    });
    expect(fractional.status).toBe(400);
    const saved = await call("PATCH", "/api/admin/plans/basic", {
      cookie: admin.cookie,
      body: { price: 109 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ id: "basic", priceCents: 10900 });
    const plans = await call("GET", "/api/subscription-plans");
    expect(
      (plans.json as unknown as { id: string; priceCents: number }[]).find((p) => p.id === "basic"),
    ).toMatchObject({
      priceCents: 10900,
    });
    const buyer = await signUpDealer();
    await call("POST", "/api/auth/complete-subscription", {
      cookie: buyer.cookie,
      body: {
        plan: "basic",
        paymentInfo: {
          cardNumber: "4242424242424242",
          expiryDate: "12/34",
          cvv: "123",
          cardholderName: "Lee",
        },
      },
    });
    const invoices = await call("GET", "/api/invoices", { cookie: buyer.cookie });
    expect((invoices.json as unknown as { amountCents: number }[])[0]!.amountCents).toBe(10900);

    const addOn = await call("PATCH", "/api/admin/add-ons/featured-listings", {
      cookie: admin.cookie,
      body: { isActive: false },
    });
    expect(addOn.json).toMatchObject({ isActive: false, priceCents: 5000 });
    const audit = await auditOf(admin.cookie, "recordId=basic");
    expect(audit[0]).toMatchObject({
      action: "plan.update",
      before: { priceCents: 9900 },
      after: { priceCents: 10900 },
    });
    await call("PATCH", "/api/admin/plans/basic", { cookie: admin.cookie, body: { price: 99 } });
  });
});

describe("announcements", () => {
  it("reach every dealer of the chosen plan as an announcement notification", async () => {
    const [premium, basic] = [await signUpDealer(), await signUpDealer()];
    const month = Date.now() + 30 * DAY;
    await subscribe(premium.dealerId, "premium", "active", month);
    await subscribe(basic.dealerId, "basic", "active", month);
    const title = `Premium webinar ${crypto.randomUUID().slice(0, 6)}`;
    const sent = await call("POST", "/api/admin/announcements", {
      cookie: admin.cookie,
      body: { title, message: "Thursday 2 PM", audience: "premium" },
    });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json.audience).toBe("premium");
    const titles = async (d: Dealer) =>
      (
        (await call("GET", "/api/notifications?limit=50", { cookie: d.cookie })).json as unknown as {
          title: string;
          type: string;
        }[]
      )
        .filter((n) => n.type === "announcement")
        .map((n) => n.title);
    let received: string[] = [];
    for (let i = 0; i < 200 && !received.includes(title); i++) {
      received = await titles(premium);
      if (!received.includes(title)) await new Promise((r) => setTimeout(r, 25));
    }
    expect(received).toContain(title);
    expect(await titles(basic)).not.toContain(title);
  });
});

describe("POST /api/admin/clear-data", () => {
  it("removes the throwaway demo accounts and demo deals, never a real dealer's data", async () => {
    const demo = await call("POST", "/api/auth/create-dummy", { headers: { "CF-Connecting-IP": freshIp() } });
    expect(demo.status, demo.text).toBe(201);
    const real = await call("POST", "/api/inventory", {
      cookie: dealer.cookie,
      body: { title: "Real dealer's 2018 Honda Accord", type: "for-sale", description: "" },
    });
    const demoAccounts = () =>
      env.DB.prepare("select count(*) as n from accounts where demo_expires_at is not null").first<{
        n: number;
      }>();
    expect((await demoAccounts())!.n).toBeGreaterThan(0);
    const cleared = await call("POST", "/api/admin/clear-data", { cookie: admin.cookie, body: {} });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.removedAccounts).toBeGreaterThan(0);
    expect((await demoAccounts())!.n).toBe(0);
    expect(
      (await call("GET", `/api/inventory/${real.json.id as string}`, { cookie: dealer.cookie })).status,
    ).toBe(200);
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).status).toBe(200);
    expect((await auditOf(admin.cookie, "action=data.clear"))[0]).toMatchObject({ after: cleared.json });
  });
});

describe("POST /api/admin/clear-data with a large demo network", () => {
  it("removes 250 throwaway demo dealerships with their photos, keeping a photo a real dealer shows", async () => {
    const MANY = 250;
    const photo = () => `/objects/uploads/${crypto.randomUUID()}`;
    const demo = Array.from({ length: MANY }, () => ({
      accountId: crypto.randomUUID(),
      dealerId: crypto.randomUUID(),
      avatar: photo(),
      added: crypto.randomUUID(),
      addedPhoto: photo(),
    }));
    const statements = demo.flatMap((d, i) => [
      env.DB.prepare("insert into accounts (id, email, demo_expires_at) values (?, ?, ?)").bind(
        d.accountId,
        `throwaway-${i}-${d.accountId}@demo.example`,
        Date.now() + 7 * DAY,
      ),
      env.DB.prepare(
        `insert into dealers (id, account_id, name, email, phone, dealership_name, dealership_type, city, state, is_demo, avatar)
         values (?, ?, ?, ?, '(555) 555-0100', 'Demo Lot', 'independent', 'Austin', 'TX', 1, ?)`,
      ).bind(d.dealerId, d.accountId, `Demo ${i}`, `throwaway-${i}@demo.example`, d.avatar),
      // A dealer the demo dealership added to the directory, with a photo of its own.
      env.DB.prepare(
        `insert into dealers (id, name, email, phone, dealership_name, dealership_type, city, state, is_demo, added_by_dealer_id, dealership_photo)
         values (?, ?, ?, '(555) 555-0100', 'Added Lot', 'independent', 'Austin', 'TX', 1, ?, ?)`,
      ).bind(d.added, `Added ${i}`, `added-${i}-${d.added}@demo.example`, d.dealerId, d.addedPhoto),
    ]);
    for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
    const keys = demo.flatMap((d) => [d.avatar, d.addedPhoto]).map((path) => path.replace("/objects/", ""));
    for (const key of keys) await env.PHOTOS.put(key, "photo");
    // A real dealer shows the first demo dealer's photo too: it stays.
    const shared = demo[0]!.avatar;
    await env.DB.prepare("update dealers set avatar = ? where id = ?").bind(shared, dealer.dealerId).run();

    const cleared = await call("POST", "/api/admin/clear-data", { cookie: admin.cookie, body: {} });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.removedAccounts).toBeGreaterThanOrEqual(MANY);
    const left = await env.DB.prepare(
      "select (select count(*) from accounts where demo_expires_at is not null) + (select count(*) from dealers where name like 'Demo %' or name like 'Added %') as n",
    ).first<{ n: number }>();
    expect(left?.n).toBe(0);
    const stored = await Promise.all(keys.map((key) => env.PHOTOS.head(key)));
    expect(keys.filter((_, i) => stored[i])).toEqual([shared.replace("/objects/", "")]);
    expect((await call("GET", "/api/auth/me", { cookie: dealer.cookie })).json.avatar).toBe(shared);
  });
});

describe("dealer verification", () => {
  it("goes from the dealer's request to the admin's approval: badge, directory filter, notice, audit", async () => {
    const applicant = await signUpDealer();
    expect((await call("GET", "/api/verification", { cookie: applicant.cookie })).json).toBeNull();
    const missing = await call("POST", "/api/verification", {
      cookie: applicant.cookie,
      body: { licenseNumber: "", auctionAccessNumber: "100200300", dealership5MilNumber: "5M-1" },
    });
    expect(missing.status).toBe(400);
    const sent = await call("POST", "/api/verification", {
      cookie: applicant.cookie,
      body: {
        licenseNumber: "TX-P12345",
        auctionAccessNumber: "100200300",
        dealership5MilNumber: "5M-448812",
      },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json).toMatchObject({ status: "pending", dealer: { id: applicant.dealerId } });
    const again = await call("POST", "/api/verification", {
      cookie: applicant.cookie,
      body: {
        licenseNumber: "TX-P12345",
        auctionAccessNumber: "100200300",
        dealership5MilNumber: "5M-448812",
      },
    });
    expect(again.status).toBe(409);

    const queue = await call("GET", "/api/admin/verifications?status=pending&limit=100", {
      cookie: admin.cookie,
    });
    expect((queue.json as unknown as { id: string }[]).map((r) => r.id)).toContain(sent.json.id);
    const approved = await call("POST", `/api/admin/verifications/${sent.json.id as string}/decision`, {
      cookie: admin.cookie,
      body: { decision: "approved", note: "Licence checked with the TxDMV" },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.status).toBe("approved");

    const card = await call("GET", `/api/dealers/${applicant.dealerId}`, { cookie: dealer.cookie });
    expect((card.json.dealer as unknown as { verified: boolean }).verified).toBe(true);
    const verifiedOnly = await call("GET", "/api/dealers?verified=yes&limit=100", { cookie: dealer.cookie });
    const ids = (verifiedOnly.json as unknown as { id: string; verified: boolean }[]).map((d) => d.id);
    expect(ids).toEqual([applicant.dealerId]);
    const notices = await call("GET", "/api/notifications?limit=50", { cookie: applicant.cookie });
    expect((notices.json as unknown as { title: string }[]).map((n) => n.title)).toContain(
      "You are a verified dealer",
    );
    expect((await auditOf(admin.cookie, `recordId=${applicant.dealerId}`))[0]).toMatchObject({
      action: "verification.approve",
      after: { status: "approved", note: "Licence checked with the TxDMV" },
    });
    const twice = await call("POST", `/api/admin/verifications/${sent.json.id as string}/decision`, {
      cookie: admin.cookie,
      body: { decision: "refused", note: "" },
    });
    expect(twice.status).toBe(409);
  });
});

describe("the admin pages' forms", () => {
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("work without JavaScript for an admin, and are 404 to a dealer", async () => {
    const title = `Form promotion ${crypto.randomUUID().slice(0, 6)}`;
    const asDealer = await post("/admin/promo", dealer.cookie, { intent: "create", title, message: "m" });
    expect(asDealer.status).toBe(404);
    const res = await post("/admin/promo", admin.cookie, { intent: "create", title, message: "Spring sale" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(title);
    const empty = await post("/admin/promo", admin.cookie, { intent: "create", title: "", message: "x" });
    expect(empty.status).toBe(400);
    const list = await call("GET", "/api/admin/promotions?limit=100", { cookie: admin.cookie });
    expect((list.json as unknown as Promotion[]).filter((p) => p.title === title)).toHaveLength(1);
  });

  // Names every object inherits: an intent names one of the page's own handlers, or nothing.
  const INHERITED = ["__proto__", "valueOf", "hasOwnProperty", "toLocaleString", "constructor", "toString"];
  it.each(["/admin?index", "/admin/users", "/admin/deals", "/admin/pricing", "/admin/promo"])(
    "%s refuses an intent it has no button for with 400, never 500",
    async (path) => {
      for (const intent of [...INHERITED, "no-such-button", ""]) {
        const res = await post(path, admin.cookie, { intent, id: "x", title: "t", message: "m" });
        expect(res.status, `${path} intent=${intent}`).toBe(400);
        expect(await res.text()).toContain(UNKNOWN_ACTION);
      }
    },
  );
});
