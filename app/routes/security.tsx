import { Link } from "@remix-run/react";
import { linkClass } from "~/components/ui/button";
import { FileCheck2, KeyRound, Lock, ScrollText, ShieldAlert, UserCheck } from "~/components/ui/icons";
import { BackToHome, PUBLIC_CARD, PageIntro, PublicLayout } from "~/components/public/public-layout";
import { SUPPORT } from "#lib/constants";
import { pageMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
export const meta = pageMeta({
  title: "Security and Trust",
  description:
    "How DealerLane protects dealer accounts and data: encryption, password hashing, session safety, dealer verification, audit trails and abuse protection.",
  path: "/security",
});

const PRACTICES = [
  {
    icon: Lock,
    title: "Strong encryption",
    points: [
      "Every page and API call is served over HTTPS only, with HTTP Strict Transport Security.",
      "Data is stored on Cloudflare D1 and R2, which encrypt it at rest.",
    ],
  },
  {
    icon: KeyRound,
    title: "Passwords and sessions",
    points: [
      "Passwords are never stored: we keep a salted PBKDF2 hash of each one.",
      "Sign-in sessions are random tokens of which we keep only a SHA-256 fingerprint, in an HttpOnly cookie that expires after 30 days without use.",
      "Signing out ends the session on the server, not just in your browser.",
    ],
  },
  {
    icon: UserCheck,
    title: "Dealer verification",
    points: [
      "Every dealer profile carries the dealership's AuctionACCESS number and dealer 5 million number.",
      "Anyone can report a profile that looks wrong; our team reviews each report by hand.",
    ],
  },
  {
    icon: ScrollText,
    title: "Audit trails",
    points: [
      "Every deal confirmation and completion is recorded with the dealer who made it and the time.",
      "Every message is written to the database before it is delivered, so a conversation is a record.",
    ],
  },
  {
    icon: ShieldAlert,
    title: "Abuse and fraud protection",
    points: [
      "Sign-in, sign-up and contact attempts are rate-limited per address and per account.",
      "Changes to your account are only accepted from our own site, and our pages run only our own scripts (a strict Content Security Policy).",
      "The server decides who sent a message or made an offer from your session, never from what the browser claims.",
    ],
  },
  {
    icon: FileCheck2,
    title: "Compliance",
    points: [
      "DealerLane runs on Cloudflare, whose infrastructure holds SOC 2 Type II and ISO 27001 certifications.",
      "Our own SOC 2 Type II audit is on our roadmap; we will publish the report here when it is complete.",
      "We honour GDPR access and deletion requests from anyone, wherever they live.",
    ],
  },
];

/** Security and Trust: the landing's claims, each stated as what is actually true. */
export default function Security() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Security and Trust" title="Your dealership's data, protected">
        <p>
          Dealers trust us with their inventory, their conversations and their deals. Here is exactly how we
          protect them.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {PRACTICES.map(({ icon: Icon, title, points }) => (
            <li key={title} className={PUBLIC_CARD}>
              <Icon size={28} aria-hidden="true" className="text-brand-700 dark:text-brand-400" />
              <h2 className="mt-3 text-xl font-bold">{title}</h2>
              <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <section className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="text-xl font-bold">Found a vulnerability?</h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Please write to{" "}
            <a href={`mailto:${SUPPORT.email}`} className={linkClass}>
              {SUPPORT.email}
            </a>{" "}
            or use our{" "}
            <Link to="/contact" className={linkClass}>
              contact form
            </Link>
            . We answer security reports within one business day and never take action against good-faith
            research. Read our{" "}
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>{" "}
            for how we handle personal data.
          </p>
        </section>
        <BackToHome className="mt-10" />
      </div>
    </PublicLayout>
  );
}
