import { Apple, BellRing, Camera, MessageSquare, Play, Smartphone, WifiOff } from "~/components/ui/icons";
import { InstallAppButton } from "~/components/public/install-app";
import { BackToHome, PUBLIC_CARD, PageIntro, PublicLayout } from "~/components/public/public-layout";
import { pageMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
export const meta = pageMeta({
  title: "Mobile App",
  description:
    "DealerLane works on your phone today: install it from your browser on iPhone or Android. Native iOS and Android apps are coming soon.",
  path: "/mobile",
});

const PERKS = [
  { icon: Smartphone, text: "Opens full screen from its own icon, like any app" },
  { icon: MessageSquare, text: "Live chat with dealers from the lot or the auction lane" },
  { icon: Camera, text: "Post vehicles with photos straight from your camera" },
  { icon: WifiOff, text: "Shows a friendly page instead of an error when you lose signal" },
  { icon: BellRing, text: "Deal alerts by text message and e-mail, as you choose" },
];

function Steps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <section className={PUBLIC_CARD}>
      <h3 className="text-lg font-bold">{title}</h3>
      <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-slate-700 dark:text-slate-300">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/** Native apps 'coming soon' with disabled buttons; the web app installs today. */
export default function MobileApp() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Mobile App" title="DealerLane in your pocket">
        <p>
          Trade from the lot, the auction lane or the road. DealerLane runs in your phone&apos;s browser and
          installs on your home screen today.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <section aria-labelledby="install-title">
          <h2 id="install-title" className="text-2xl font-bold sm:text-3xl">
            Install the web app now
          </h2>
          <p className="mt-2 text-muted">
            No app store needed. Open DealerLane in your phone&apos;s browser and add it to your home screen:
          </p>
          <div className="mt-4">
            <InstallAppButton />
          </div>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <Steps
              title="On iPhone or iPad (Safari)"
              steps={[
                "Open dealerlane.app in Safari.",
                "Tap the Share button (the square with an arrow pointing up).",
                "Scroll down and tap Add to Home Screen.",
                "Tap Add. DealerLane now opens from its own icon.",
              ]}
            />
            <Steps
              title="On Android (Chrome)"
              steps={[
                "Open dealerlane.app in Chrome.",
                "Tap the menu (three dots) in the top right corner.",
                "Tap Install app, or Add to Home screen.",
                "Confirm with Install. DealerLane now opens from its own icon.",
              ]}
            />
          </div>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2">
            {PERKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-slate-700 dark:text-slate-300">
                <Icon size={20} aria-hidden="true" className="shrink-0 text-brand-700 dark:text-brand-400" />
                {text}
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="native-title"
          className="mt-14 rounded-2xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          <h2 id="native-title" className="text-2xl font-bold">
            Native apps: coming soon
          </h2>
          <p className="mt-2 text-muted">
            DealerLane for iOS and Android is on its way. Until then, the web app above does everything the
            native apps will.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              disabled
              className="inline-flex min-h-12 cursor-not-allowed items-center gap-3 rounded-lg bg-slate-200 px-5 text-left text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              <Apple size={24} aria-hidden="true" />
              <span>
                <span className="block text-xs">Coming soon on the</span>
                <span className="block font-semibold">App Store</span>
              </span>
            </button>
            <button
              type="button"
              disabled
              className="inline-flex min-h-12 cursor-not-allowed items-center gap-3 rounded-lg bg-slate-200 px-5 text-left text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              <Play size={24} aria-hidden="true" />
              <span>
                <span className="block text-xs">Coming soon on</span>
                <span className="block font-semibold">Google Play</span>
              </span>
            </button>
          </div>
        </section>
        <BackToHome className="mt-10" />
      </div>
    </PublicLayout>
  );
}
