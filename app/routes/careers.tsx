import { Link } from "@remix-run/react";
import { Briefcase, Clock, DollarSign, MapPin } from "~/components/ui/icons";
import { PUBLIC_CARD, PageIntro, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { POSITIONS } from "~/components/public/copy/careers";
import { pageMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
export const meta = pageMeta({
  title: "Careers",
  description:
    "Join DealerLane and build the network dealers use to trade wholesale vehicles. Four open positions.",
  path: "/careers",
});

const PERKS = [
  "Health, dental and vision cover for you and your family",
  "Remote-friendly, with an office in Dallas",
  "Time with dealers: every new hire spends a day at a dealership",
];

/** Careers: four positions; Apply prefills the contact form, Send General Application goes to /contact. */
export default function Careers() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Careers" title="Build the network dealers trade on">
        <p>
          We are a small team that spends as much time on dealer lots as in code. Come help us make wholesale
          simple.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <h2 className="text-2xl font-bold">Open positions</h2>
        <ul className="mt-6 flex flex-col gap-4">
          {POSITIONS.map((position) => (
            <li key={position.slug}>
              <article className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 md:flex-row md:items-center md:justify-between dark:border-slate-800 dark:bg-slate-900">
                <div>
                  <h3 className="text-xl font-bold">{position.title}</h3>
                  <p className="mt-1 max-w-2xl text-muted">{position.summary}</p>
                  <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                    <li className="flex items-center gap-1.5">
                      <Briefcase size={15} aria-hidden="true" /> <span className="sr-only">Department:</span>{" "}
                      {position.department}
                    </li>
                    <li className="flex items-center gap-1.5">
                      <MapPin size={15} aria-hidden="true" /> <span className="sr-only">Location:</span>{" "}
                      {position.location}
                    </li>
                    <li className="flex items-center gap-1.5">
                      <Clock size={15} aria-hidden="true" /> <span className="sr-only">Type:</span>{" "}
                      {position.type}
                    </li>
                    <li className="flex items-center gap-1.5">
                      <DollarSign size={15} aria-hidden="true" />{" "}
                      <span className="sr-only">Salary range:</span> {position.salary}
                    </li>
                  </ul>
                </div>
                <Link
                  to={`/contact?topic=careers&position=${position.slug}`}
                  className={buttonClass("primary", "shrink-0")}
                  aria-label={`Apply for ${position.title}`}
                >
                  Apply
                </Link>
              </article>
            </li>
          ))}
        </ul>

        <div className="mt-14 grid gap-8 md:grid-cols-2">
          <section>
            <h2 className="text-2xl font-bold">Why DealerLane</h2>
            <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-slate-700 dark:text-slate-300">
              {PERKS.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
          </section>
          <section className={PUBLIC_CARD}>
            <h2 className="text-xl font-bold">Don&apos;t see your role?</h2>
            <p className="mt-2 text-muted">
              We are always glad to hear from people who know the car business or want to build for it. Tell
              us about yourself.
            </p>
            <Link to="/contact" className={buttonClass("secondary", "mt-4")}>
              Send General Application
            </Link>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
