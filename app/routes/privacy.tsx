import { Link } from "@remix-run/react";
import { linkClass } from "~/components/ui/button";
import { BackToHome, PageIntro, Prose, PublicLayout } from "~/components/public/public-layout";
import { SESSION_DAYS, SUPPORT } from "#lib/constants";
import { pageMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
export const meta = pageMeta({
  title: "Privacy Policy",
  description:
    "What DealerLane collects, why, who processes it, how long we keep it and how to see or delete your data.",
  path: "/privacy",
});

export default function Privacy() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Legal" title="Privacy Policy">
        <p>
          Last updated November 23, 2026. In plain words: we collect what the network needs to work, and
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
            contact attempts; and, for each signed-in browser and each security event (sign-ins, failed
            sign-ins, password changes), the browser&apos;s name and an approximate place, so you can see them
            in Settings.
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
          <li>
            Password reset and e-mail confirmation links stop working after 30 minutes and 7 days, and are
            deleted a day later.
          </li>
          <li>Your account&apos;s security activity is kept for one year.</li>
          <li>Your account, profile, posts and messages are kept while your account exists.</li>
          <li>
            Contact form messages are kept for as long as support needs them to help you, and at most two
            years.
          </li>
        </ul>

        <h2>Your rights</h2>
        <p>
          You can see and correct your profile at any time from Edit Profile. In Settings, &ldquo;Export my
          data&rdquo; downloads a copy of everything you put in (profile, posts and vehicles, comments, the
          messages you sent, connections, settings and security activity) as a JSON file, and &ldquo;Delete my
          account&rdquo; deletes your account. You can also write to{" "}
          <a className={linkClass} href={`mailto:${SUPPORT.email}`}>
            {SUPPORT.email}
          </a>{" "}
          or use the{" "}
          <Link className={linkClass} to="/contact">
            contact form
          </Link>
          ; we answer within 30 days. These rights apply to everyone, including under the GDPR and the CCPA.
        </p>

        <h2 id="deleting-your-account">Deleting your account</h2>
        <p>
          Deleting asks for your password (or a fresh Google sign-in) and for you to type DELETE. Then, at
          once:
        </p>
        <ul>
          <li>
            Your account, sessions, settings, notification preferences and security activity are deleted.
          </li>
          <li>Your posts (with their vehicles) and your comments are removed from the network.</li>
          <li>Your connections end, and e-mails and texts still waiting to be sent to you are dropped.</li>
          <li>
            Messages you already sent stay with the dealers who received them: the conversation is theirs too.
            Your name, dealership and contact details are removed from them; the sender shows as
            &ldquo;Deleted dealer&rdquo;, and that name never appears in a dealer list.
          </li>
          <li>
            Deals you completed stay on record for the other dealer, with your name only as it appears on the
            bill of sale, because both parties need the record of a sale.
          </li>
        </ul>
        <p>Deleting cannot be undone. You are free to sign up again with the same e-mail later.</p>

        <h2>Security</h2>
        <p>
          See{" "}
          <Link className={linkClass} to="/security">
            Security and Trust
          </Link>{" "}
          for how we protect your data.
        </p>

        <h2>Contact</h2>
        <p>
          DealerLane, {SUPPORT.address}. E-mail{" "}
          <a className={linkClass} href={`mailto:${SUPPORT.email}`}>
            {SUPPORT.email}
          </a>
          , phone{" "}
          <a className={linkClass} href={SUPPORT.phoneHref}>
            {SUPPORT.phone}
          </a>
          .
        </p>
        <BackToHome className="mt-10" />
      </Prose>
    </PublicLayout>
  );
}
