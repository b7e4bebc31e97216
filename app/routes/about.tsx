import { Link } from "@remix-run/react";
import { Handshake, MapPin, ShieldCheck, Zap } from "~/components/ui/icons";
import { BackToHome, PUBLIC_CARD, PageIntro, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { SUPPORT } from "#lib/constants";
import { pageMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
export const meta = pageMeta({
  title: "About Us",
  description:
    "DealerLane connects used-car dealers directly so wholesale vehicles move faster, with less phone tag and more trust.",
  path: "/about",
});

const VALUES = [
  {
    icon: Handshake,
    title: "Dealers first",
    text: "We build for the people who trade: used-car managers, wholesalers and owners. If a feature does not help a dealer buy or sell, it waits.",
  },
  {
    icon: ShieldCheck,
    title: "Trust you can check",
    text: "Every profile names a real dealership with its AuctionACCESS and dealer 5 million numbers, so you know who is on the other side of a deal.",
  },
  {
    icon: Zap,
    title: "Fast where it matters",
    text: "Pages are rendered close to you and chats are live, because a good unit does not wait for a slow app.",
  },
];

export default function About() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="About DealerLane" title="Our mission: make wholesale between dealers simple">
        <p>
          DealerLane is the dealer-to-dealer wholesale vehicle network. We help dealers across the US, and the
          Canadian dealers who buy with them, find each other, talk directly and close deals with confidence.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <div className="grid gap-10 md:grid-cols-2">
          <section>
            <h2 className="text-2xl font-bold">Why we exist</h2>
            <p className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">
              Most wholesale trades between dealers still start with a group text and end with a missed call.
              The dealer who would pay the most for a trade-in is often a few hours away, just not in your
              phone. When the week runs out, the unit goes to auction.
            </p>
            <p className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">
              DealerLane puts those dealers in one place. Post what you have, say what you are looking for,
              message the dealer behind any post, and keep every deal you confirm in one record.
            </p>
          </section>
          <section>
            <h2 className="text-2xl font-bold">Who we serve</h2>
            <ul className="mt-4 flex flex-col gap-3 text-slate-700 dark:text-slate-300">
              <li>
                <strong className="text-slate-900 dark:text-white">Independent dealers</strong> who want more
                buyers for their trade-ins than their usual five contacts.
              </li>
              <li>
                <strong className="text-slate-900 dark:text-white">Franchise dealers</strong> who wholesale
                the units that do not fit their brand or their lot.
              </li>
              <li>
                <strong className="text-slate-900 dark:text-white">Wholesalers</strong> who buy and sell
                between dealers every day.
              </li>
              <li>
                <strong className="text-slate-900 dark:text-white">Cross-border buyers</strong> bringing
                Canadian vehicles to US lots.
              </li>
            </ul>
          </section>
        </div>
        <section className="mt-14">
          <h2 className="text-2xl font-bold">What we believe</h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className={PUBLIC_CARD}>
                <Icon size={28} aria-hidden="true" className="text-brand-700 dark:text-brand-400" />
                <h3 className="mt-3 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="mt-14 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900">
          <div>
            <h2 className="text-xl font-bold">Where to find us</h2>
            <p className="mt-1 flex items-start gap-2 text-muted">
              <MapPin size={18} aria-hidden="true" className="mt-0.5 shrink-0" /> {SUPPORT.address}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/careers" className={buttonClass("secondary")}>
              Careers
            </Link>
            <Link to="/contact" className={buttonClass("primary")}>
              Contact Us
            </Link>
          </div>
        </section>
        <BackToHome className="mt-10" />
      </div>
    </PublicLayout>
  );
}
