import { useEffect, useRef, useState } from "react";
import { LANDING_STATS, formatCount } from "~/components/public/copy/marketing";
import { useMotionAllowed } from "./motion";

const S = LANDING_STATS;

/**
 * The three figures count up over 2 s in 60 steps when they scroll into view, then the
 * dealer counter grows by 10–29 every 2 s. It starts at 3000, or at the real number of dealers when larger.
 * The server HTML shows the final figures; reduced motion keeps them still. Where React does not run (the
 * landing), public/landing.js animates the same `data-stat` figures from the `data-stats` settings.
 */
export function AnimatedStats({ dealerCount = 0 }: { dealerCount?: number }) {
  const dealerStart = Math.max(S.dealerCounterStart, dealerCount);
  const motion = useMotionAllowed();
  const ref = useRef<HTMLDListElement>(null);
  const [progress, setProgress] = useState(1);
  const [dealers, setDealers] = useState(dealerStart);

  useEffect(() => {
    const element = ref.current;
    if (!motion || !element) return;
    let countUp: number | undefined;
    let grow: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        let step = 0;
        setProgress(0);
        countUp = window.setInterval(() => {
          step += 1;
          setProgress(step / S.animationSteps);
          if (step >= S.animationSteps) {
            window.clearInterval(countUp);
            grow = window.setInterval(() => {
              const by =
                S.dealerGrowthMin + Math.floor(Math.random() * (S.dealerGrowthMax - S.dealerGrowthMin + 1));
              setDealers((d) => d + by);
            }, S.dealerGrowthEveryMs);
          }
        }, S.animationMs / S.animationSteps);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(countUp);
      window.clearInterval(grow);
    };
  }, [motion]);

  const stats = [
    { id: "dealers", value: `${formatCount(dealers * progress)}+`, label: "Dealers on the network" },
    { id: "deals", value: `${formatCount(S.deals * progress)}+`, label: "Wholesale deals closed" },
    { id: "volume", value: `$${(S.revenueBillions * progress).toFixed(1)}B+`, label: "In wholesale volume" },
  ];
  return (
    <dl ref={ref} data-stats={JSON.stringify({ ...S, dealerStart })} className="grid gap-6 sm:grid-cols-3">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="mt-1 text-sm font-medium text-muted">{stat.label}</dt>
          <dd
            data-stat={stat.id}
            className="text-4xl font-extrabold tracking-tight text-slate-900 tabular-nums dark:text-white"
          >
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
