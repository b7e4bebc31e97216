import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createPostSchema } from "#lib/schemas/inventory";
import { createServices } from "../../worker/services";
import { addMonth } from "../../worker/domain/subscriptions";
import { ORIGIN, call, signUpDealer } from "./helpers";

/**
 * Plans, payments with the demo processor (Stripe's test cards, Stripe's messages), cancel / resume / change,
 * invoices, refunds and the 402 of a lapsed dealer.
 */

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;
const DAY = 24 * 60 * 60 * 1000;

const ONBOARDING_CARD = {
  cardNumber: "4242 4242 4242 4242",
  expiryDate: "12/34",
  cvv: "123",
  cardholderName: "Holder Q. Cardname",
};
const PURCHASE_CARD = {
  cardNumber: "4242424242424242",
  expiryDate: "12/34",
  cvv: "123",
  nameOnCard: "Holder Q. Cardname",
  billingAddress: {
    address: "4100 Lamar Blvd",
    city: "Austin",
    state: "TX",
    zipCode: "78756",
    country: "US",
  },
};

const pay = (dealer: Dealer, plan: string, paymentInfo: Record<string, unknown>) =>
  call("POST", "/api/auth/complete-subscription", { cookie: dealer.cookie, body: { plan, paymentInfo } });

/** Ends the no-card trial: the account was made longer ago than the trial lasts. */
async function endTrial(dealer: Dealer) {
  await env.DB.prepare("update accounts set created_at = created_at - ? where email = ?")
    .bind(15 * DAY, dealer.email)
    .run();
}

const mine = async (dealer: Dealer) =>
  (await call("GET", "/api/my-subscription", { cookie: dealer.cookie })).json as unknown as {
    hasSubscription: boolean;
    active: boolean;
    premium: boolean;
    onTrial: boolean;
    trialEndsAt: string;
    subscription: null | {
      status: string;
      currentPeriodEnd: string;
      cancelAtPeriodEnd: boolean;
      plan: { id: string; name: string };
      nextPlan: { id: string } | null;
      paymentMethod: { brand: string; last4: string } | null;
    };
  };

const invoicesOf = async (dealer: Dealer) =>
  (await call("GET", "/api/invoices", { cookie: dealer.cookie })).json as unknown as {
    id: string;
    amountCents: number;
    status: string;
    description: string;
    refundableUntil: string | null;
  }[];

describe("GET /api/subscription-plans", () => {
  it("answers Basic $99 and Premium $149 (Most Popular) with their features, prices in cents too", async () => {
    const res = await call("GET", "/api/subscription-plans");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: "basic",
        name: "Basic Plan",
        price: 99,
        priceCents: 9900,
        features: ["Unlimited listings", "Real-time messaging", "Basic analytics", "Standard support"],
        popular: false,
        premium: false,
      },
      {
        id: "premium",
        name: "Premium Plan",
        price: 149,
        priceCents: 14900,
        features: [
          "Everything in Basic",
          "AI features",
          "Advanced analytics",
          "Priority support",
          "Custom integrations",
        ],
        popular: true,
        premium: true,
      },
    ]);
  });
});

describe("a new dealer", () => {
  it("starts the free trial at sign-up, without a card: no subscription, everything open", async () => {
    const before = Date.now();
    const dealer = await signUpDealer();
    const me = await mine(dealer);
    expect(me).toMatchObject({
      hasSubscription: false,
      subscription: null,
      onTrial: true,
      active: true,
      premium: true,
    });
    const trialEnd = Date.parse(me.trialEndsAt);
    expect(trialEnd).toBeGreaterThanOrEqual(before + 14 * DAY - 5_000);
    expect(trialEnd).toBeLessThanOrEqual(Date.now() + 14 * DAY);
  });
});

describe("POST /api/auth/complete-subscription", () => {
  it("asks for every onboarding payment field with 'Please fill in all payment fields'", async () => {
    const dealer = await signUpDealer();
    for (const field of Object.keys(ONBOARDING_CARD)) {
      const res = await pay(dealer, "premium", { ...ONBOARDING_CARD, [field]: "" });
      expect(res.status, field).toBe(400);
      expect(res.json.message).toBe("Please fill in all payment fields");
    }
  });

  it("names the purchase page's missing field, billing ones as 'Please fill in billing {field}'", async () => {
    const dealer = await signUpDealer();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PURCHASE_CARD, cardNumber: "" }, "Please fill in card number"],
      [{ ...PURCHASE_CARD, expiryDate: " " }, "Please fill in expiry date"],
      [{ ...PURCHASE_CARD, cvv: "" }, "Please fill in CVV"],
      [{ ...PURCHASE_CARD, nameOnCard: "" }, "Please fill in name on card"],
      [
        { ...PURCHASE_CARD, billingAddress: { ...PURCHASE_CARD.billingAddress, address: "" } },
        "Please fill in billing address",
      ],
      [
        { ...PURCHASE_CARD, billingAddress: { ...PURCHASE_CARD.billingAddress, city: "" } },
        "Please fill in billing city",
      ],
      [
        { ...PURCHASE_CARD, billingAddress: { ...PURCHASE_CARD.billingAddress, state: "" } },
        "Please fill in billing state",
      ],
      [
        { ...PURCHASE_CARD, billingAddress: { ...PURCHASE_CARD.billingAddress, zipCode: "" } },
        "Please fill in billing zip code",
      ],
    ];
    for (const [info, message] of cases) {
      const res = await pay(dealer, "basic", info);
      expect(res.status, message).toBe(400);
      expect(res.json.message).toBe(message);
    }
    const plan = await pay(dealer, "gold", PURCHASE_CARD);
    expect(plan.status).toBe(400);
    expect(plan.json.message).toBe("Choose the Basic or Premium plan");
  });

  it("declines Stripe's failure cards with Stripe's own messages (402), and keeps no subscription", async () => {
    const dealer = await signUpDealer();
    const cases: [Partial<typeof ONBOARDING_CARD>, string][] = [
      [{ cardNumber: "4000000000000002" }, "Your card was declined."],
      [{ cardNumber: "4000 0000 0000 9995" }, "Your card has insufficient funds."],
      [{ cardNumber: "4000000000000069" }, "Your card has expired."],
      [{ cardNumber: "4000000000000127" }, "Your card's security code is incorrect."],
      [{ cardNumber: "4242424242424241" }, "Your card number is incorrect."],
      [{ expiryDate: "01/20" }, "Your card's expiration year is invalid."],
      [{ expiryDate: "13/30" }, "Your card's expiration month is invalid."],
      [{ cvv: "12" }, "Your card's security code is invalid."],
      [{ cvv: "12345" }, "Your card's security code is invalid."],
    ];
    for (const [change, message] of cases) {
      const res = await pay(dealer, "premium", { ...ONBOARDING_CARD, ...change });
      expect(res.status, message).toBe(402);
      expect(res.json.message).toBe(message);
    }
    const real = await pay(dealer, "premium", { ...ONBOARDING_CARD, cardNumber: "4111 1111 1111 1129" });
    expect(real.status).toBe(402);
    expect(real.json.message).toMatch(/test card such as 4242 4242 4242 4242/);
    expect((await mine(dealer)).subscription).toBeNull();
    expect(await invoicesOf(dealer)).toEqual([]);
  });

  it("takes a test card: the plan is active, brand and last 4 on file, one paid invoice and a receipt", async () => {
    const dealer = await signUpDealer();
    const res = await pay(dealer, "premium", ONBOARDING_CARD);
    expect(res.status, res.text).toBe(201);
    const me = await mine(dealer);
    expect(res.json).toEqual(me);
    expect(me).toMatchObject({
      hasSubscription: true,
      active: true,
      premium: true,
      subscription: {
        status: "active",
        cancelAtPeriodEnd: false,
        plan: { id: "premium", name: "Premium Plan" },
        nextPlan: null,
        paymentMethod: { brand: "visa", last4: "4242" },
      },
    });
    const periodEnd = Date.parse(me.subscription!.currentPeriodEnd);
    expect(periodEnd).toBeGreaterThan(Date.now() + 27 * DAY);
    const invoices = await invoicesOf(dealer);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      amountCents: 14900,
      status: "paid",
      description: "Premium Plan, monthly",
    });
    expect(Date.parse(invoices[0]!.refundableUntil!)).toBeGreaterThan(Date.now() + 29 * DAY);

    const bell = (await call("GET", "/api/notifications", { cookie: dealer.cookie })).json as unknown as {
      type: string;
      title: string;
      body: string;
    }[];
    expect(bell.find((n) => n.type === "billing")).toMatchObject({
      title: "Payment received",
      body: "Thank you! We received $149 for Premium Plan, monthly.",
    });
    const receipt = await env.OUTBOX_DB.prepare(
      "select recipient, subject, category from outbox where template = 'notification' and dealer_id = ? and subject like '%Payment received%'",
    )
      .bind(dealer.dealerId)
      .first<{ recipient: string; category: string }>();
    expect(receipt).toMatchObject({ recipient: dealer.email.toLowerCase(), category: "transactional" });

    const again = await pay(dealer, "basic", ONBOARDING_CARD);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      "You already have the Premium Plan. Change or cancel it on Plan Management.",
    );
  });

  it("keeps no card number or CVV in any table", async () => {
    const dealer = await signUpDealer();
    expect(
      (await pay(dealer, "basic", { ...PURCHASE_CARD, cardNumber: "5555 5555 5555 4444", cvv: "987" }))
        .status,
    ).toBe(201);
    expect(
      (await pay(await signUpDealer(), "basic", { ...PURCHASE_CARD, cardNumber: "4000000000009995" })).status,
    ).toBe(402);
    const tables = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like '%fts%'",
    ).all<{ name: string }>();
    let dump = "";
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`select * from "${name}"`).all();
      dump += JSON.stringify(rows.results);
    }
    expect(dump).toContain("5555 5555 5555 4444".slice(-4));
    for (const secret of [
      "5555555555554444",
      "5555 5555 5555 4444",
      "4000000000009995",
      '"987"',
      "Holder Q. Cardname",
    ]) {
      expect(dump, secret).not.toContain(secret);
    }
  });
});

describe("get-or-create, cancel, resume and change", () => {
  it("answers the same pending subscription to a second call before payment", async () => {
    const dealer = await signUpDealer();
    const first = await call("POST", "/api/get-or-create-subscription", {
      cookie: dealer.cookie,
      body: { planId: "basic" },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ processor: "demo", publishableKey: null });
    const second = await call("POST", "/api/get-or-create-subscription", {
      cookie: dealer.cookie,
      body: { planId: "basic" },
    });
    expect(second.json.clientSecret).toBe(first.json.clientSecret);
    expect((await mine(dealer)).subscription).toMatchObject({ status: "incomplete", plan: { id: "basic" } });
    // Paying completes that same subscription; asking again is then a conflict.
    expect((await pay(dealer, "basic", ONBOARDING_CARD)).status).toBe(201);
    const row = await env.DB.prepare(
      "select external_id as externalId from subscriptions where dealer_id = ?",
    )
      .bind(dealer.dealerId)
      .first<{ externalId: string }>();
    expect(`${row!.externalId}_secret`).toBe(first.json.clientSecret);
    const after = await call("POST", "/api/get-or-create-subscription", {
      cookie: dealer.cookie,
      body: { planId: "premium" },
    });
    expect(after.status).toBe(409);
  });

  it("cancels at the period end, resumes before it, and keeps everything working meanwhile", async () => {
    const dealer = await signUpDealer();
    await pay(dealer, "premium", ONBOARDING_CARD);
    await endTrial(dealer);
    const canceled = await call("POST", "/api/cancel-subscription", { cookie: dealer.cookie });
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({
      hasSubscription: true,
      active: true,
      subscription: { cancelAtPeriodEnd: true, status: "active" },
    });
    const post = await call("POST", "/api/inventory", {
      cookie: dealer.cookie,
      body: { title: "Two Tahoes", type: "for-sale" },
    });
    expect(post.status).toBe(201);
    const resumed = await call("POST", "/api/resume-subscription", { cookie: dealer.cookie });
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect((await call("POST", "/api/resume-subscription", { cookie: dealer.cookie })).status).toBe(409);
  });

  it("downgrades at the period end, undoes it, and upgrades now with a prorated invoice", async () => {
    const dealer = await signUpDealer();
    await pay(dealer, "premium", ONBOARDING_CARD);
    const down = await call("POST", "/api/change-subscription", {
      cookie: dealer.cookie,
      body: { planId: "basic" },
    });
    expect(down.status).toBe(200);
    expect(down.json).toMatchObject({
      premium: true,
      subscription: { plan: { id: "premium" }, nextPlan: { id: "basic" } },
    });
    const undo = await call("POST", "/api/change-subscription", {
      cookie: dealer.cookie,
      body: { planId: "premium" },
    });
    expect(undo.json).toMatchObject({ subscription: { plan: { id: "premium" }, nextPlan: null } });
    expect(
      (await call("POST", "/api/change-subscription", { cookie: dealer.cookie, body: { planId: "premium" } }))
        .status,
    ).toBe(409);

    const basic = await signUpDealer();
    await pay(basic, "basic", ONBOARDING_CARD);
    await endTrial(basic);
    expect((await mine(basic)).premium).toBe(false);
    const up = await call("POST", "/api/change-subscription", {
      cookie: basic.cookie,
      body: { planId: "premium" },
    });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({
      premium: true,
      subscription: { plan: { id: "premium" }, nextPlan: null },
    });
    const invoices = await invoicesOf(basic);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]!.description).toBe("Upgrade to Premium Plan (prorated)");
    // $50 a month more, for (almost) the whole month that is left.
    expect(invoices[0]!.amountCents).toBeGreaterThan(4800);
    expect(invoices[0]!.amountCents).toBeLessThanOrEqual(5000);
  });

  it("refuses to cancel, resume or change without a subscription (404), and each dealer sees only their own", async () => {
    const owner = await signUpDealer();
    await pay(owner, "premium", ONBOARDING_CARD);
    const other = await signUpDealer();
    expect((await call("POST", "/api/cancel-subscription", { cookie: other.cookie })).status).toBe(404);
    expect((await call("POST", "/api/resume-subscription", { cookie: other.cookie })).status).toBe(404);
    expect(
      (await call("POST", "/api/change-subscription", { cookie: other.cookie, body: { planId: "basic" } }))
        .status,
    ).toBe(404);
    expect((await mine(other)).subscription).toBeNull();
    expect(await invoicesOf(other)).toEqual([]);
    expect((await mine(owner)).subscription).toMatchObject({
      cancelAtPeriodEnd: false,
      plan: { id: "premium" },
    });
  });
});

describe("a lapsed dealer", () => {
  it("can read but not post or send messages: 402 with the way to /subscribe, until they pay", async () => {
    const dealer = await signUpDealer();
    const partner = await signUpDealer();
    await endTrial(dealer);
    expect(await mine(dealer)).toMatchObject({
      active: false,
      premium: false,
      onTrial: false,
      hasSubscription: false,
    });

    const post = await call("POST", "/api/inventory", {
      cookie: dealer.cookie,
      body: { title: "Two Tahoes", type: "for-sale" },
    });
    expect(post.status).toBe(402);
    expect(post.json).toEqual({
      message:
        "Your DealerLane trial or subscription has ended. Choose a plan to post, message and make deals again.",
      subscribeUrl: "/subscribe",
    });
    const message = await call("POST", "/api/messages", {
      cookie: dealer.cookie,
      body: { receiverId: partner.dealerId, content: "Hi" },
    });
    expect(message.status).toBe(402);
    expect(message.json.subscribeUrl).toBe("/subscribe");
    expect((await call("GET", "/api/inventory", { cookie: dealer.cookie })).status).toBe(200);
    expect((await call("GET", "/api/chats", { cookie: dealer.cookie })).status).toBe(200);

    expect((await pay(dealer, "basic", ONBOARDING_CARD)).status).toBe(201);
    const retry = await call("POST", "/api/inventory", {
      cookie: dealer.cookie,
      body: { title: "Two Tahoes", type: "for-sale" },
    });
    expect(retry.status).toBe(201);
  });

  it("cannot propose, confirm or record a deal (402); a deal proposed to them stays to confirm once they pay", async () => {
    const lapsed = await signUpDealer();
    const partner = await signUpDealer();
    const vehicle = {
      vin: "1FTEW1E50KFA12345",
      year: 2019,
      make: "Ford",
      model: "F-150",
      trim: "XLT",
      miles: 41000,
      color: "White",
    };
    const proposed = await call("POST", "/api/deals", {
      cookie: partner.cookie,
      body: {
        counterpartyId: lapsed.dealerId,
        role: "seller",
        vehicle,
        price: 28500,
        location: "Dallas, TX",
      },
    });
    expect(proposed.status, proposed.text).toBe(201);
    await endTrial(lapsed);

    const propose = await call("POST", "/api/deals", {
      cookie: lapsed.cookie,
      body: {
        counterpartyId: partner.dealerId,
        role: "buyer",
        vehicle,
        price: 28500,
        location: "Dallas, TX",
      },
    });
    expect(propose.status).toBe(402);
    expect(propose.json.subscribeUrl).toBe("/subscribe");
    const dealId = (proposed.json as unknown as { id: string }).id;
    expect((await call("POST", `/api/deals/${dealId}/confirm`, { cookie: lapsed.cookie })).status).toBe(402);
    const record = await call("POST", "/api/deals/complete", {
      cookie: lapsed.cookie,
      body: { vin: vehicle.vin, year: 2019, make: "Ford", model: "F-150", price: 28500, miles: 41000 },
    });
    expect(record.status).toBe(402);
    // Reading stays open.
    expect((await call("GET", "/api/deals", { cookie: lapsed.cookie })).status).toBe(200);

    expect((await pay(lapsed, "basic", ONBOARDING_CARD)).status).toBe(201);
    const confirmed = await call("POST", `/api/deals/${dealId}/confirm`, { cookie: lapsed.cookie });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.status).toBe("confirmed");
  });

  it("is refused on the page forms too (the quick post and the /messages form)", async () => {
    const lapsed = await signUpDealer();
    const active = await signUpDealer();
    const partner = await signUpDealer();
    await endTrial(lapsed);
    const form = (dealer: Dealer, path: string, fields: Record<string, string>) =>
      SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          Cookie: dealer.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "text/html",
        },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    const written = (dealer: Dealer) =>
      env.DB.prepare(
        "select (select count(*) from inventory_posts where dealer_id = ?1) as posts, (select coalesce(sum(sent_count), 0) from chat_participants where dealer_id = ?1) as sent",
      )
        .bind(dealer.dealerId)
        .first<{ posts: number; sent: number }>();
    for (const dealer of [lapsed, active]) {
      const post = await form(dealer, "/?index", {
        content: "Two Tahoes for sale, clean titles",
        type: "for-sale",
      });
      expect(post.status).toBeLessThan(400);
      const sent = await form(dealer, "/messages", { receiverId: partner.dealerId, content: "Hello" });
      expect(sent.status).toBeLessThan(400);
    }
    expect(await written(lapsed)).toEqual({ posts: 0, sent: 0 });
    expect(await written(active)).toEqual({ posts: 1, sent: 1 });
  });
});

describe("the 30-day money-back guarantee (domain call; the admin screen comes later)", () => {
  it("refunds a payment in full within 30 days, once, and ends the subscription", async () => {
    const dealer = await signUpDealer();
    await pay(dealer, "premium", ONBOARDING_CARD);
    const [invoice] = await invoicesOf(dealer);
    const services = createServices(env);
    const admin = await env.DB.prepare("select account_id as id from dealers where id = ?")
      .bind(dealer.dealerId)
      .first<{ id: string }>();
    const refunded = await services.subscriptions.refund(invoice!.id, {
      adminAccountId: admin!.id,
      reason: "Not for us",
    });
    expect(refunded).toMatchObject({ status: "refunded", refundedCents: 14900, refundableUntil: null });
    await expect(
      services.subscriptions.refund(invoice!.id, { adminAccountId: admin!.id, reason: "again" }),
    ).rejects.toThrow("This payment has already been refunded");
    expect(await mine(dealer)).toMatchObject({
      hasSubscription: false,
      subscription: { status: "canceled" },
    });
    const refunds = await env.DB.prepare("select amount_cents as cents from refunds where invoice_id = ?")
      .bind(invoice!.id)
      .all();
    expect(refunds.results).toEqual([{ cents: 14900 }]);
  });

  it("refuses a payment older than 30 days", async () => {
    const dealer = await signUpDealer();
    await pay(dealer, "basic", ONBOARDING_CARD);
    const [invoice] = await invoicesOf(dealer);
    const services = createServices(env);
    await expect(
      services.subscriptions.refund(
        invoice!.id,
        { adminAccountId: "admin", reason: "late" },
        Date.now() + 31 * DAY,
      ),
    ).rejects.toThrow("Refunds are possible within 30 days of a payment");
  });
});

describe("demo renewals (the daily cron)", () => {
  it("renews an ended period with the card on file, starts a pending downgrade, and ends a canceled plan", async () => {
    const renewing = await signUpDealer();
    await pay(renewing, "premium", ONBOARDING_CARD);
    await call("POST", "/api/change-subscription", { cookie: renewing.cookie, body: { planId: "basic" } });
    const leaving = await signUpDealer();
    await pay(leaving, "basic", ONBOARDING_CARD);
    await call("POST", "/api/cancel-subscription", { cookie: leaving.cookie });

    const services = createServices(env);
    const later = addMonth(Date.now()) + DAY;
    expect(await services.subscriptions.renewDemoSubscriptions(later)).toBeGreaterThanOrEqual(2);
    const renewed = await services.subscriptions.mine(
      (await env.DB.prepare("select account_id as id from dealers where id = ?")
        .bind(renewing.dealerId)
        .first<{ id: string }>())!.id,
      renewing.dealerId,
      later,
    );
    expect(renewed).toMatchObject({
      hasSubscription: true,
      premium: false,
      subscription: { plan: { id: "basic" }, nextPlan: null },
    });
    expect((await invoicesOf(renewing))[0]).toMatchObject({
      amountCents: 9900,
      description: "Basic Plan, monthly",
    });
    expect((await mine(leaving)).subscription).toMatchObject({ status: "canceled" });
  });
});

describe("demo accounts", () => {
  it("hold an active Premium subscription, so the demo always works", async () => {
    const res = await call("POST", "/api/auth/create-dummy", {
      headers: { "CF-Connecting-IP": "198.51.100.77" },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("dl_session="))!
      .split(";")[0]!;
    const me = (await call("GET", "/api/my-subscription", { cookie })).json;
    expect(me).toMatchObject({
      hasSubscription: true,
      premium: true,
      subscription: { status: "active", plan: { id: "premium" } },
    });
  });
});

describe("Premium features", () => {
  it("rewords a post's AI summary with Workers AI for Premium (and the trial) only; Basic keeps the rule-based one", async () => {
    const asked: string[] = [];
    const ai = {
      async run(_model: string, input: unknown) {
        asked.push(JSON.stringify(input));
        return { response: '[{"text":"Reworded by the model"}]' };
      },
    };
    const services = createServices({ ...env, AI: ai } as unknown as Env);
    const post = async (dealer: Dealer) => {
      const accountId = (await env.DB.prepare("select account_id as id from dealers where id = ?")
        .bind(dealer.dealerId)
        .first<{ id: string }>())!.id;
      const viewer = await services.accounts.viewer(accountId);
      const input = createPostSchema.parse({
        title: "2013 Ford F-150 XLT",
        type: "for-sale",
        vehicles: [
          {
            vin: "1FTFW1ET9DFC10312",
            year: 2013,
            make: "Ford",
            model: "F-150",
            mileage: 128400,
            price: 14250,
          },
        ],
      });
      return services.inventory.createPost(viewer.dealer!, input, ORIGIN);
    };
    const basic = await signUpDealer();
    await pay(basic, "basic", ONBOARDING_CARD);
    await endTrial(basic);
    const premium = await signUpDealer();
    await pay(premium, "premium", ONBOARDING_CARD);
    await endTrial(premium);

    const basicPost = await post(basic);
    expect(asked).toHaveLength(0);
    expect(basicPost.aiSummary).not.toContain("Reworded by the model");
    expect((await post(premium)).aiSummary).toContain("Reworded by the model");
    expect(asked).toHaveLength(1);
    expect((await post(await signUpDealer())).aiSummary).toContain("Reworded by the model");
  });

  it("offers the AI Copilot on /messages to Premium, and Basic the way to upgrade", async () => {
    const basic = await signUpDealer();
    await pay(basic, "basic", ONBOARDING_CARD);
    await endTrial(basic);
    const page = async (dealer: Dealer) =>
      (await SELF.fetch(`${ORIGIN}/messages`, { headers: { Cookie: dealer.cookie } })).text();
    const basicHtml = await page(basic);
    expect(basicHtml).toContain("Upgrade to Premium");
    expect(basicHtml).not.toContain('data-testid="copilot-count"');
    const premiumHtml = await page(await signUpDealer());
    expect(premiumHtml).toContain('data-testid="copilot-count"');
  });

  it("shows the advanced statistics on /my-stats to Premium, and Basic the way to upgrade", async () => {
    const basic = await signUpDealer();
    await pay(basic, "basic", ONBOARDING_CARD);
    await endTrial(basic);
    const page = async (dealer: Dealer) =>
      (await SELF.fetch(`${ORIGIN}/my-stats`, { headers: { Cookie: dealer.cookie } })).text();
    const basicHtml = await page(basic);
    expect(basicHtml).toContain("advanced analytics");
    expect(basicHtml).toContain("Upgrade to Premium");
    expect(basicHtml).not.toContain("Dealers who viewed");
    expect(await page(await signUpDealer())).toContain("Dealers who viewed");
  });
});
