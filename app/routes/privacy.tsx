import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { BackToHome, PageIntro, Prose, PublicLayout } from "~/components/public/public-layout";
import { SESSION_DAYS, SUPPORT } from "~/lib/constants";
import { publicMeta } from "~/lib/seo";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => publicPage(context, request);
export const headers = publicPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicMeta({
    title: "Privacy Policy",
    description:
      "What DealerLane collects, why, who processes it, how long we keep it and how to see or delete your data.",
    path: "/privacy",
    origin: data?.origin,
  });

const link = "font-medium text-brand-700 underline dark:text-brand-400";

export default function Privacy() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Legal" title="Privacy Policy">
        <p>
          Last updated November 1, 2026. In plain words: we collect what the network needs to work, and
          nothing to sell.
        </p>
      </PageIntro>
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address and a salted hash of your password (never the
            password itself).
          </li>
          <li>
            <strong>Your dealer profile:</strong> your name, phone, dealership name, type and address, your
            AuctionACCESS and dealer 5 million numbers, and the photos you upload.
          </li>
          <li>
            <strong>What you post and send:</strong> inventory posts, comments, messages, connections and the
            deals you confirm or complete.
          </li>
          <li>
            <strong>Billing:</strong> your plan and, from our payment provider, the card brand and last four
            digits. We never see or store full card numbers or security codes.
          </li>
          <li>
            <strong>Contact form messages:</strong> your name, e-mail, dealership and message, so support can
            answer you.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, used briefly to limit repeated sign-in and
            contact attempts.
          </li>
        </ul>

        <h2>Cookies and local storage</h2>
        <p>
          We set one cookie to keep you signed in, and a short-lived one to show a message after a page
          change. Your light or dark theme is remembered in your browser&apos;s local storage. We use no
          advertising or tracking cookies and no third-party analytics.
        </p>

        <h2>How we use it</h2>
        <p>
          To run the network: to show your profile and posts to other dealers, deliver your messages, record
          your deals, bill your plan, send the alerts you switch on, answer your questions and keep the
          service secure. We do not sell or rent personal data, and we do not use it for advertising.
        </p>

        <h2>Who processes it for us</h2>
        <ul>
          <li>Cloudflare hosts the application, its database and its file storage.</li>
          <li>Stripe processes card payments.</li>
          <li>An e-mail and text message provider delivers the alerts you switch on.</li>
        </ul>
        <p>Each processes data only on our instructions and only for these purposes.</p>

        <h2>How long we keep it</h2>
        <ul>
          <li>Sessions expire after {SESSION_DAYS} days without use, and at once when you sign out.</li>
          <li>Rate-limit records (address and counter) are deleted after 24 hours.</li>
          <li>Your account, profile, posts and messages are kept while your account exists.</li>
          <li>
            Contact form messages are kept for as long as support needs them to help you, and at most two
            years.
          </li>
        </ul>

        <h2>Your rights</h2>
        <p>
          You can see and correct your profile at any time from Edit Profile. To get a copy of your data or to
          have your account and data deleted, write to{" "}
          <a className={link} href={`mailto:${SUPPORT.email}`}>
            {SUPPORT.email}
          </a>{" "}
          or use the{" "}
          <Link className={link} to="/contact">
            contact form
          </Link>
          ; we answer within 30 days. These rights apply to everyone, including under the GDPR and the CCPA.
        </p>

        <h2>Security</h2>
        <p>
          See{" "}
          <Link className={link} to="/security">
            Security and Trust
          </Link>{" "}
          for how we protect your data.
        </p>

        <h2>Contact</h2>
        <p>
          DealerLane, {SUPPORT.address}. E-mail{" "}
          <a className={link} href={`mailto:${SUPPORT.email}`}>
            {SUPPORT.email}
          </a>
          , phone{" "}
          <a className={link} href={SUPPORT.phoneHref}>
            {SUPPORT.phone}
          </a>
          .
        </p>
        <div className="mt-10">
          <BackToHome />
        </div>
      </Prose>
    </PublicLayout>
  );
}
