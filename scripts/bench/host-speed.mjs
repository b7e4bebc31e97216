/**
 * How fast this machine runs a page's JavaScript: the benchmark index of Lighthouse and Chrome DevTools' CPU
 * calibration (a string-building loop and an array-copying loop, iterations per 100 ms), run in a blank page of
 * the bench's own Chromium, unthrottled. The phone section slows the CPU a fixed number of times, so its figures
 * move with the host; the index printed beside them tells runs on different machines apart (DevTools rates a
 * mid-tier phone, a Pixel 5, at about 1 000, and a low-tier one at about 264).
 */
export async function benchmarkIndex(browser, { runs = 3 } = {}) {
  const page = await browser.newPage();
  try {
    const readings = [];
    for (let i = 0; i < runs; i++) readings.push(await page.evaluate(indexInPage));
    return readings.sort((a, b) => a - b)[Math.floor(readings.length / 2)];
  } finally {
    await page.close();
  }
}

/** Runs in the page: Lighthouse's computeBenchmarkIndex, the mean of its two loops. */
function indexInPage() {
  const WINDOW_MS = 500;
  function buildingStrings() {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < WINDOW_MS) {
      let s = "";
      for (let j = 0; j < 10000; j++) s += "a";
      if (s.length === 1) throw new Error("never: keeps the loop from being optimised away");
      iterations++;
    }
    return iterations / 10 / ((Date.now() - start) / 1000);
  }
  function copyingArrays() {
    const a = [];
    const b = [];
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < WINDOW_MS) {
      const [from, to] = iterations % 2 === 0 ? [a, b] : [b, a];
      for (let i = 0; i < from.length; i++) to[i] = from[i];
      iterations++;
    }
    return iterations / 10 / ((Date.now() - start) / 1000);
  }
  return Math.round((buildingStrings() + copyingArrays()) / 2);
}
