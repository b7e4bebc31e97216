import { useEffect, useState } from "react";
import { useMotionAllowed } from "./motion";

const HOLD_MS = 2200;
const TYPE_MS = 70;
const ERASE_MS = 35;

/**
 * The landing's h1: a fixed lead, then each audience typed out, held, and erased, once round: back at the first
 * audience it rests, caret gone. Typing for as long as the page stayed open kept a phone's processor busy (about a
 * quarter of a core in Chromium at 390 px, the caret's blink included; the public-site bench reads it) for a
 * headline read once. The server HTML (and a visitor who prefers reduced motion) shows the first audience in full;
 * screen readers get the whole list.
 * Where React does not run (the landing), public/landing.js does the same from the `data-typed` settings.
 */
export function TypedHeadline({ lead, typed }: { lead: string; typed: readonly string[] }) {
  const motion = useMotionAllowed();
  const [phrase, setPhrase] = useState(0);
  const [length, setLength] = useState(typed[0]?.length ?? 0);
  const [erasing, setErasing] = useState(false);
  const [roundDone, setRoundDone] = useState(false);
  const resting = !motion || (roundDone && phrase === 0 && length === (typed[0]?.length ?? 0));

  useEffect(() => {
    if (resting) return;
    const word = typed[phrase] ?? "";
    let wait: number;
    let step: () => void;
    if (!erasing && length === word.length) {
      wait = HOLD_MS;
      step = () => setErasing(true);
    } else if (erasing && length === 0) {
      wait = TYPE_MS * 3;
      step = () => {
        setErasing(false);
        if (phrase === typed.length - 1) setRoundDone(true);
        setPhrase((p) => (p + 1) % typed.length);
      };
    } else {
      wait = erasing ? ERASE_MS : TYPE_MS;
      step = () => setLength((l) => l + (erasing ? -1 : 1));
    }
    const timer = window.setTimeout(step, wait);
    return () => window.clearTimeout(timer);
  }, [resting, phrase, length, erasing, typed]);

  const shown = (typed[phrase] ?? "").slice(0, length);
  const spoken = `${typed.slice(0, -1).join(", ")} and ${typed[typed.length - 1]}`;
  return (
    <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white">
      {lead} <span className="sr-only">{spoken}</span>
      <span
        aria-hidden="true"
        data-typed={JSON.stringify({ phrases: typed, holdMs: HOLD_MS, typeMs: TYPE_MS, eraseMs: ERASE_MS })}
        className="block min-h-[2lh] text-brand-600 sm:min-h-[1lh] dark:text-brand-400"
      >
        <span data-typed-text="">{shown}</span>
        <span
          data-typed-caret=""
          hidden={resting}
          className="ml-0.5 inline-block w-[3px] animate-pulse bg-current align-baseline motion-reduce:animate-none"
        >
          &#8203;
        </span>
      </span>
    </h1>
  );
}
