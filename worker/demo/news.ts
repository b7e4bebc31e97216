/**
 * The five sample Wholesale News articles, as rows for `news_articles`. The seed inserts them with INSERT OR
 * IGNORE on every run, so a database seeded before the news existed gets them too and a second run (or an
 * admin's edit) is never overwritten.
 */
import type { NewsArticle } from "#lib/api-types";
import { readMinutes } from "#lib/schemas/news";
import { columnsOf } from "./rows.ts";

const DAY = 24 * 60 * 60 * 1000;

type SampleArticle = Omit<NewsArticle, "id" | "readMinutes" | "publishedAt" | "createdAt" | "updatedAt"> & {
  daysAgo: number;
};

const SAMPLE_ARTICLES: SampleArticle[] = [
  {
    slug: "used-truck-values-hold-into-winter",
    title: "Used Truck Values Hold Firm Heading Into Winter",
    category: "Market Trends",
    summary:
      "Full-size pickups and three-row SUVs keep their wholesale values while sedans soften: what that means for your next buy.",
    body: `Wholesale values for **full-size pickups** held within a point of last month, while mid-size sedans slipped again.

## What dealers are seeing

- Clean, one-owner F-150s and Silverados under 60,000 miles still draw several bidders at every lane.
- Three-row SUVs with towing packages sell before they reach the block.
- Compact and mid-size sedans take longer to move and bring less than book.

## What to do with it

Buy trucks early in the week, before the weekend retail rush pulls them off the market, and price sedans to move: holding them costs more than the spread you hope to gain.

Check the **Market Report** at the top of Wholesale News for what DealerLane dealers are asking for each model this month.`,
    sourceName: "DealerLane Market Desk",
    sourceUrl: null,
    trending: true,
    daysAgo: 1,
  },
  {
    slug: "auction-lanes-go-hybrid",
    title: "Auction Lanes Go Hybrid: Physical Sales With Online Bidding",
    category: "Auctions",
    summary:
      "More physical auctions now stream every lane to online bidders. Here is how to bid from your lot without losing the feel for the car.",
    body: `Most large auctions now run **simulcast** lanes: the car rolls through the physical lane while online buyers bid alongside the floor.

## Tips for bidding online

1. Read the condition report twice and look at every photo of the undercarriage.
2. Set your ceiling before the car enters the lane, including buyer fees and transport.
3. Arrange a post-sale inspection when the auction offers one.

Dealers who buy this way save a day of travel per sale, and can watch several auctions in the same morning.`,
    sourceName: "Auto Remarketing Digest",
    sourceUrl: "https://example.com/auction-lanes-go-hybrid",
    trending: true,
    daysAgo: 3,
  },
  {
    slug: "floor-plan-rates-what-to-expect",
    title: "Floor Plan Rates: What Independent Dealers Should Expect",
    category: "Financing",
    summary:
      "Floor plan costs shape how long you can hold a unit. A look at where rates are and how to turn inventory faster.",
    body: `Every day a unit sits on your floor plan it costs interest and curtailment. With rates still above their lows, **turn time** matters more than ever.

## Three ways to turn faster

- Price to the market from day one, not after 45 days.
- Wholesale aged units to another dealer instead of sending them to auction: a DealerLane deal skips the auction fee.
- Watch your floor plan's curtailment dates and move units before the first one.

Talk to your lender about rate tiers tied to turn: several now reward dealers whose average age stays under 45 days.`,
    sourceName: "Dealer Finance Weekly",
    sourceUrl: "https://example.com/floor-plan-rates",
    trending: false,
    daysAgo: 6,
  },
  {
    slug: "title-delays-and-how-to-avoid-them",
    title: "Title Delays Are the Top Wholesale Complaint: How to Avoid Them",
    category: "Regulations",
    summary:
      "A missing title holds up payment, transport and the retail sale. A checklist for buyers and sellers of wholesale units.",
    body: `Ask any wholesale buyer what goes wrong most and the answer is the **title**.

## For sellers

- Have the title in hand, or a payoff letter from the lien holder, before you list the vehicle.
- Send the title the day the deal completes and record it on the deal's Pass Thru steps.

## For buyers

- Do not release payment in full until the title status says *received*.
- Check the VIN on the title against the vehicle and the Bill of Sale.

DealerLane's Pass Thru Sales page tracks the title status of every deal: missing, received, sent.`,
    sourceName: "DealerLane Compliance Notes",
    sourceUrl: null,
    trending: false,
    daysAgo: 10,
  },
  {
    slug: "ev-wholesale-prices-find-a-floor",
    title: "Used EV Wholesale Prices Find a Floor",
    category: "Industry News",
    summary:
      "After two years of falling prices, used electric vehicles are trading in a narrower range. Battery health reports are now what buyers ask for first.",
    body: `Used electric vehicles lost value faster than any other segment for two years. This quarter, prices have **stopped falling** for the most common models.

## What buyers want to see

- A battery health report with the remaining capacity.
- The charging history, when the car can report it.
- The remaining battery warranty, in years and miles.

Sellers who list these details with the vehicle get more questions and faster deals.`,
    sourceName: "EV Market Watch",
    sourceUrl: "https://example.com/ev-wholesale-prices",
    trending: false,
    daysAgo: 14,
  },
];

/** The rows for `news_articles`, published the given number of days before `now`. */
export function sampleArticleRows(now: number, idOf: (slug: string) => string) {
  return SAMPLE_ARTICLES.map(({ daysAgo, ...article }) =>
    columnsOf({
      ...article,
      id: idOf(article.slug),
      readMinutes: readMinutes(article.body),
      publishedAt: now - daysAgo * DAY,
      createdAt: now - daysAgo * DAY,
    }),
  );
}
