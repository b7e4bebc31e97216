/** The careers page's four open positions. */
export const POSITIONS = [
  {
    slug: "senior-full-stack-engineer",
    title: "Senior Full-Stack Engineer",
    department: "Engineering",
    location: "Remote (US)",
    type: "Full-time",
    salary: "$150,000 - $185,000",
    summary:
      "Build the feed, messaging and deal flows dealers use every day: TypeScript, React and Remix at the edge on Cloudflare Workers, D1 and Durable Objects.",
  },
  {
    slug: "dealer-success-manager",
    title: "Dealer Success Manager",
    department: "Customer Success",
    location: "Dallas, TX",
    type: "Full-time",
    salary: "$70,000 - $90,000",
    summary:
      "Onboard new dealerships, help them post their first units and close their first deals, and bring what you hear back to the product team.",
  },
  {
    slug: "regional-sales-representative",
    title: "Regional Sales Representative",
    department: "Sales",
    location: "Atlanta, GA",
    type: "Full-time",
    salary: "$60,000 - $75,000 + commission",
    summary:
      "Visit independent and franchise dealers across the Southeast, show them the network and grow DealerLane in your region.",
  },
  {
    slug: "product-designer",
    title: "Product Designer",
    department: "Design",
    location: "Remote (US)",
    type: "Contract",
    salary: "$85 - $110 per hour",
    summary:
      "Design for dealers on a phone in a parking lot as much as at a desk: the composer, the inventory cards and the deal screens.",
  },
];

export const findPosition = (slug: string | null | undefined) => POSITIONS.find((p) => p.slug === slug);
