import type { Plugin } from "vite";

/**
 * React 18's streaming renderer for the web (`react-dom/server.browser`, what `renderToReadableStream` runs on
 * Workers) turns every attribute value and text of a page into bytes with its own `TextEncoder.encode` call,
 * and copies those into 512-byte pieces: a signed-in page is thousands of calls into the runtime and about two
 * hundred pieces. This build step keeps the pieces as strings and encodes them once per 4 kB, which gives the
 * very same bytes (UTF-8 of the same text, in the same order) for less work per page
 * (docs/decisions/0025-signed-in-page-render.md). It rewrites exact snippets of React 18.3's production build and
 * fails the build if they are not there, so a React upgrade cannot silently drop it.
 */
const FILE = /react-dom[\\/]cjs[\\/]react-dom-server\.browser\.production\.min\.js$/;

const REWRITES: [from: string, to: string][] = [
  [
    "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
    'var pendingHtml="";function p(a,b){pendingHtml+=b;4096<pendingHtml.length&&(a.enqueue(ca.encode(pendingHtml)),pendingHtml="")}',
  ],
  [
    "function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}",
    'function ba(a){0<pendingHtml.length&&(a.enqueue(ca.encode(pendingHtml)),pendingHtml="")}',
  ],
  [
    "function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
    "function u(a){return a}function w(a){return a}",
  ],
];

export function reactServerStrings(): Plugin {
  return {
    name: "dealerlane:react-server-strings",
    apply: "build",
    transform(code, id) {
      if (!FILE.test(id)) return null;
      let out = code;
      for (const [from, to] of REWRITES) {
        if (!out.includes(from))
          this.error(
            `react-server-strings: React's server renderer changed (${id}); update or remove scripts/react-server-strings.ts`,
          );
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}
