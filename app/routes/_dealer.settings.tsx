import type { MetaFunction } from "@remix-run/cloudflare";
import { ThemeToggle } from "~/components/ui/theme-toggle";

export const meta: MetaFunction = () => [{ title: "Settings · DealerLane" }];

export default function Settings() {
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <div className="flex items-center justify-between rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h2 className="font-semibold">Theme</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Dark or light; remembered on this device.</p>
        </div>
        <ThemeToggle />
      </div>
      <div className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        Notification toggles, items per page, inventory view and privacy settings are being built and will be saved
        to your account.
      </div>
    </section>
  );
}
