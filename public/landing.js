/*
 * The landing page's only script. The signed-out landing is server HTML that React does not hydrate: its
 * JavaScript budget (≤ 90 kB gzipped) has no room for the framework. This file gives that HTML what the
 * React components in app/components/public/ do in the browser, through the data-* hooks they render: typed
 * headline, counting figures, carousels, the Watch Demo dialog and the theme toggle. Pages React runs never
 * load it (app/root.tsx). Plain JavaScript, no build step: keep it small and in step with those components
 * (why both exist: docs/decisions/0037-landing-without-react.md).
 */

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const motion = () => !reducedMotion.matches;
/** Runs `apply` now and whenever the visitor's motion preference changes. */
const onMotionChange = (apply) => {
  apply();
  reducedMotion.addEventListener("change", apply);
};
const html = document.documentElement;
/** Marks item `index` of `items` with aria-current=`value` (the dots are styled from it). */
const markCurrent = (items, index, value) =>
  items.forEach((item, i) =>
    i === index ? item.setAttribute("aria-current", value) : item.removeAttribute("aria-current"),
  );

// Theme toggle: the same switch as app/lib/theme.ts, remembered under the same localStorage key.
const toggles = document.querySelectorAll("[data-theme-toggle]");
const labelToggles = () => {
  const next = html.classList.contains("dark") ? "light" : "dark";
  for (const button of toggles) {
    // The icon follows the `dark` class by CSS (app/components/ui/theme-toggle.tsx); only the label changes.
    button.setAttribute("aria-label", `Switch to ${next} theme`);
  }
};
for (const button of toggles) {
  button.addEventListener("click", () => {
    const theme = html.classList.contains("dark") ? "light" : "dark";
    html.classList.toggle("dark", theme === "dark");
    html.style.colorScheme = theme;
    try {
      localStorage.setItem("theme", theme);
    } catch {
      // Private mode: the theme still applies to this page.
    }
    labelToggles();
  });
}
// The server renders the dark theme's label; the boot script may have chosen light.
labelToggles();

// Typed headline: type each phrase, hold it, erase it, once round; back at the first it rests, caret gone.
// Reduced motion keeps the first phrase still.
for (const headline of document.querySelectorAll("[data-typed]")) {
  const { phrases, holdMs, typeMs, eraseMs } = JSON.parse(headline.dataset.typed);
  const text = headline.querySelector("[data-typed-text]");
  const caret = headline.querySelector("[data-typed-caret]");
  let phrase = 0;
  let length = phrases[0].length;
  let erasing = false;
  let roundDone = false;
  let timer;
  const rest = () => {
    phrase = 0;
    length = phrases[0].length;
    erasing = false;
    text.textContent = phrases[0];
    caret.hidden = true;
  };
  const schedule = () => {
    const word = phrases[phrase];
    if (roundDone && phrase === 0 && length === word.length) return rest();
    let wait = erasing ? eraseMs : typeMs;
    let step = () => (length += erasing ? -1 : 1);
    if (!erasing && length === word.length) {
      wait = holdMs;
      step = () => (erasing = true);
    } else if (erasing && length === 0) {
      wait = typeMs * 3;
      step = () => {
        erasing = false;
        if (phrase === phrases.length - 1) roundDone = true;
        phrase = (phrase + 1) % phrases.length;
      };
    }
    timer = setTimeout(() => {
      step();
      text.textContent = phrases[phrase].slice(0, length);
      schedule();
    }, wait);
  };
  onMotionChange(() => {
    clearTimeout(timer);
    if (!motion() || roundDone) return rest();
    caret.hidden = false;
    schedule();
  });
}

// Figures (business spec §9): count up in steps once in view, then the dealer counter keeps growing.
// The HTML holds the final figures, which is what reduced motion keeps.
for (const list of document.querySelectorAll("[data-stats]")) {
  const s = JSON.parse(list.dataset.stats);
  const figure = (name) => list.querySelector(`[data-stat="${name}"]`);
  const [dealersEl, dealsEl, volumeEl] = ["dealers", "deals", "volume"].map(figure);
  const count = (n) => `${Math.round(n).toLocaleString("en-US")}+`;
  let dealers = s.dealerStart;
  let timer;
  const show = (progress) => {
    dealersEl.textContent = count(dealers * progress);
    dealsEl.textContent = count(s.deals * progress);
    volumeEl.textContent = `$${(s.revenueBillions * progress).toFixed(1)}B+`;
  };
  const grow = () => {
    dealers += s.dealerGrowthMin + Math.floor(Math.random() * (s.dealerGrowthMax - s.dealerGrowthMin + 1));
    show(1);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      let step = 0;
      show(0);
      timer = setInterval(() => {
        show(++step / s.animationSteps);
        if (step < s.animationSteps) return;
        clearInterval(timer);
        timer = setInterval(grow, s.dealerGrowthEveryMs);
      }, s.animationMs / s.animationSteps);
    },
    { threshold: 0.4 },
  );
  let started = false;
  onMotionChange(() => {
    if (motion() && !started) observer.observe(list);
    else if (!motion()) {
      observer.disconnect();
      clearInterval(timer);
      show(1);
    }
    started ||= motion();
  });
}

// Carousels: advance every data-interval ms unless hovered, focused, paused, or motion is reduced.
for (const carousel of document.querySelectorAll("[data-carousel]")) {
  const track = carousel.querySelector("[data-carousel-track]");
  const toggle = carousel.querySelector("[data-carousel-toggle]");
  const dots = [...carousel.querySelectorAll("[data-carousel-dot]")];
  const every = Number(carousel.dataset.interval);
  let current = 0;
  let hovered = false;
  let focused = false;
  let stopped = false;
  let timer;
  const mark = (index) => {
    current = index;
    markCurrent(dots, index, "true");
  };
  const goTo = (index) => {
    const next = (index + dots.length) % dots.length;
    track.scrollTo({ left: next * track.clientWidth, behavior: motion() ? "smooth" : "auto" });
    mark(next);
  };
  const sync = () => {
    clearInterval(timer);
    toggle.hidden = !motion();
    toggle.setAttribute(
      "aria-label",
      `${stopped ? "Play" : "Pause"} ${carousel.dataset.carousel} slide show`,
    );
    toggle.querySelector('[data-icon="pause"]').hidden = stopped;
    toggle.querySelector('[data-icon="play"]').hidden = !stopped;
    if (motion() && !stopped && !hovered && !focused) {
      timer = setInterval(() => document.hidden || goTo(current + 1), every);
    }
  };
  // Swipes and scrolls move the dots too.
  track.addEventListener(
    "scroll",
    () => {
      const index = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
      if (index !== current) mark(Math.min(dots.length - 1, Math.max(0, index)));
    },
    { passive: true },
  );
  track.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    goTo(current + (e.key === "ArrowRight" ? 1 : -1));
  });
  dots.forEach((dot, i) =>
    dot.addEventListener("click", (e) => {
      e.preventDefault();
      goTo(i);
    }),
  );
  toggle.addEventListener("click", () => {
    stopped = !stopped;
    sync();
  });
  carousel.addEventListener("mouseenter", () => {
    hovered = true;
    sync();
  });
  carousel.addEventListener("mouseleave", () => {
    hovered = false;
    sync();
  });
  carousel.addEventListener("focusin", () => {
    focused = true;
    sync();
  });
  carousel.addEventListener("focusout", (e) => {
    // Focus moving between the carousel's own controls keeps it paused.
    if (carousel.contains(e.relatedTarget)) return;
    focused = false;
    sync();
  });
  onMotionChange(sync);
}

// Watch Demo: the link to /features#walkthrough becomes the button that opens the native <dialog>.
const dialog = document.querySelector("[data-demo-dialog]");
if (dialog) {
  const opener = document.querySelector("[data-demo-open]");
  const dots = [...dialog.querySelectorAll("[data-demo-dot]")];
  let image = dialog.querySelector("[data-demo-image]");
  let index = 0;
  const show = (i) => {
    index = (i + dots.length) % dots.length;
    const { src, alt, caption } = dots[index].dataset;
    // A fresh <img>, so the previous screen never shows under the new caption while it loads.
    const next = image.cloneNode();
    Object.assign(next, { src, alt });
    image.replaceWith(next);
    image = next;
    dialog.querySelector("[data-demo-count]").textContent = `${index + 1} of ${dots.length}.`;
    dialog.querySelector("[data-demo-caption]").textContent = caption;
    markCurrent(dots, index, "step");
  };
  document.querySelector("[data-demo-link]").hidden = true;
  opener.hidden = false;
  opener.addEventListener("click", () => dialog.showModal());
  // Escape and the close button both end here; focus goes back to Watch Demo.
  dialog.addEventListener("close", () => opener.focus());
  dialog.querySelector("[data-demo-close]").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener("click", (e) => {
    const box = dialog.getBoundingClientRect();
    const inside =
      e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
    if (e.target === dialog && !inside) dialog.close();
  });
  for (const button of dialog.querySelectorAll("[data-demo-step]")) {
    button.addEventListener("click", () => show(index + Number(button.dataset.demoStep)));
  }
  dots.forEach((dot, i) => dot.addEventListener("click", () => show(i)));
  dialog.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(index + 1);
    if (e.key === "ArrowLeft") show(index - 1);
  });
}

// The installable web app: the production build asks for the service worker, as the React app does.
const worker = document.querySelector("script[data-service-worker]")?.dataset.serviceWorker;
if (worker && "serviceWorker" in navigator) navigator.serviceWorker.register(worker);

// Tests and styles can tell the page is live.
html.dataset.enhanced = "true";
