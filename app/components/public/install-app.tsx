import { Download } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";

type InstallPrompt = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

/**
 * The browser's own install prompt, where it offers one (Chrome, Edge, Samsung Internet on Android and
 * desktop). Elsewhere (Safari on iPhone) nothing is shown and the written steps apply.
 */
export function InstallAppButton() {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    if (window.matchMedia("(display-mode: standalone)").matches) setInstalled(true);
    const offer = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPrompt);
    };
    const done = () => {
      setInstalled(true);
      setPrompt(null);
    };
    window.addEventListener("beforeinstallprompt", offer);
    window.addEventListener("appinstalled", done);
    return () => {
      window.removeEventListener("beforeinstallprompt", offer);
      window.removeEventListener("appinstalled", done);
    };
  }, []);

  if (installed) {
    return (
      <p role="status" className="font-medium text-emerald-700 dark:text-emerald-400">
        DealerLane is installed on this device.
      </p>
    );
  }
  if (!prompt) return null;
  return (
    <button
      type="button"
      className={buttonClass("primary", "min-h-12 px-6 text-base")}
      onClick={async () => {
        await prompt.prompt();
        const { outcome } = await prompt.userChoice;
        if (outcome === "accepted") setInstalled(true);
        setPrompt(null);
      }}
    >
      <Download size={18} /> Install DealerLane
    </button>
  );
}
