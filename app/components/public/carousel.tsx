import { Pause, Play } from "~/components/ui/icons";
import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { prefersReducedMotion, useMotionAllowed } from "./motion";

type Props = {
  /** Names the carousel for assistive technology, e.g. "Features". */
  label: string;
  /** Prefix of the slides' element ids (the dot links point at them, so they work without JavaScript). */
  idPrefix: string;
  intervalMs: number;
  slideTitles: string[];
  children: ReactNode;
};

/**
 * A horizontally scrolling, snapping track with every slide in the server HTML: it can be swiped, scrolled
 * and its dots followed without JavaScript. In the browser it advances every `intervalMs`, pauses while
 * hovered or focused (and with its pause button), and never moves by itself for reduced motion.
 * Where React does not run (the landing), public/landing.js does the same through the `data-carousel*` hooks:
 * the markup carries everything it needs (both button icons, the dots' state in `aria-current`).
 */
export function Carousel({ label, idPrefix, intervalMs, slideTitles, children }: Props) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const track = useRef<HTMLDivElement>(null);
  const motion = useMotionAllowed();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const currentRef = useRef(0);
  currentRef.current = current;

  const goTo = useCallback(
    (index: number) => {
      const element = track.current;
      if (!element) return;
      const next = (index + count) % count;
      element.scrollTo({
        left: next * element.clientWidth,
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
      setCurrent(next);
    },
    [count],
  );

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScroll = () => {
      const index = Math.round(element.scrollLeft / Math.max(1, element.clientWidth));
      if (index !== currentRef.current) setCurrent(Math.min(count - 1, Math.max(0, index)));
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [count]);

  const playing = motion && !stopped && !hovered && !focused;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) goTo(currentRef.current + 1);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, intervalMs, goTo]);

  return (
    <div
      className="relative"
      data-carousel={label.toLowerCase()}
      data-interval={intervalMs}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={track}
        data-carousel-track=""
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        onKeyDown={(e) => {
          if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
            e.preventDefault();
            goTo(currentRef.current + (e.key === "ArrowRight" ? 1 : -1));
          }
        }}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            id={`${idPrefix}-${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slideTitles[i] ?? ""}`}
            className="w-full shrink-0 snap-start snap-always"
          >
            {slide}
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        {/* Hidden until motion is known to be allowed: a still carousel has nothing to pause. */}
        <button
          type="button"
          hidden={!motion}
          data-carousel-toggle=""
          onClick={() => setStopped((s) => !s)}
          aria-label={
            stopped ? `Play ${label.toLowerCase()} slide show` : `Pause ${label.toLowerCase()} slide show`
          }
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <span data-icon="pause" className="contents" hidden={stopped}>
            <Pause size={16} />
          </span>
          <span data-icon="play" className="contents" hidden={!stopped}>
            <Play size={16} />
          </span>
        </button>
        <ol className="flex items-center gap-1">
          {slides.map((_, i) => (
            <li key={i}>
              <a
                href={`#${idPrefix}-${i + 1}`}
                data-carousel-dot=""
                onClick={(e) => {
                  e.preventDefault();
                  goTo(i);
                }}
                aria-label={`Slide ${i + 1}: ${slideTitles[i] ?? ""}`}
                aria-current={i === current ? "true" : undefined}
                className="group flex h-8 w-8 items-center justify-center rounded-full"
              >
                {/* Styled from aria-current, so whatever sets it (React or landing.js) moves the dot. */}
                <span className="block h-2.5 w-2.5 rounded-full bg-slate-400 transition-all group-hover:bg-slate-500 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand-600 dark:bg-slate-600 dark:group-aria-[current=true]:bg-brand-400" />
              </a>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
