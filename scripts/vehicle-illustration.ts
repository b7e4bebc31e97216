/**
 * The demo network's vehicle pictures: a flat side-view drawing of the vehicle's body style in its listed colour,
 * lettered with its year, make and model and marked "Illustration", so nobody takes it for a photo of the unit.
 * Pure code (an SVG string); scripts/seed-photos.ts renders it to PNG, the format the app stores and serves.
 */
import type { BodyStyle } from "../worker/demo/vehicles.ts";

const ILLUSTRATION_WIDTH = 800;
const ILLUSTRATION_HEIGHT = 600;

/** The demo colours (worker/demo/vehicles.ts COLORS) as paint; anything else is drawn silver. */
const PAINT: Record<string, string> = {
  White: "#f3f4f6",
  Black: "#1c1f24",
  Gray: "#6b7280",
  Silver: "#c3c8cf",
  Blue: "#1f4fa3",
  Red: "#b4232a",
  "Pearl White": "#f5f0e6",
  Charcoal: "#3b3f46",
  Green: "#2f6b3d",
  Brown: "#6b4a32",
  Beige: "#d6c4a1",
  Orange: "#dd6b20",
  Burgundy: "#6e1b2c",
};

type Lamp = readonly [number, number, number, number];

type Shape = {
  /** The body's outline, facing left, standing on the ground at y = 490. */
  body: string;
  /** The glass, drawn over the body. */
  glass: string;
  /** Pillars and door cuts: vertical lines at x between the glass and the sill, from the waist line down. */
  doors: { x: readonly number[]; waist: number; sill: number };
  wheels: { x: readonly [number, number]; radius: number };
  /** Head and tail lamps: [x, y, width, height] at the front and the back. */
  lamps: Record<"head" | "tail", Lamp>;
};

const GROUND = 490;
/**
 * Everything sits inside the middle 16:9 band (y 75 to 525), which a wide card shows of a 4:3 picture: the drawing
 * is lifted off the bottom edge by this much, the lettering starts below the top one.
 */
const LIFT = -16;

// Hand-drawn outlines on an 800 × 600 canvas; each leaves room above for the lettering.
const SHAPES: Record<BodyStyle, Shape> = {
  sedan: {
    body: "M108 452 L104 410 Q106 388 130 382 L285 362 L372 290 Q450 278 522 290 L612 352 L688 362 Q700 366 700 390 L702 440 Q700 452 688 454 Z",
    glass: "M302 364 L380 300 Q450 290 514 300 L592 358 Z",
    doors: { x: [446], waist: 364, sill: 448 },
    wheels: { x: [232, 584], radius: 46 },
    lamps: { head: [106, 390, 40, 12], tail: [690, 370, 12, 22] },
  },
  coupe: {
    body: "M106 458 L102 420 Q104 398 128 394 L300 372 L392 308 Q432 294 484 298 L662 372 Q698 380 700 402 L702 446 Q700 458 686 458 Z",
    glass: "M320 372 L400 314 Q440 304 478 308 L600 366 Z",
    doors: { x: [486], waist: 374, sill: 452 },
    wheels: { x: [236, 588], radius: 46 },
    lamps: { head: [104, 402, 42, 10], tail: [688, 384, 14, 20] },
  },
  suv: {
    body: "M106 456 L102 400 Q104 372 132 366 L262 350 L340 260 Q350 248 368 248 L660 246 Q684 248 690 268 L700 360 L702 440 Q700 455 686 456 Z",
    glass: "M278 352 L350 266 L654 264 Q668 266 670 282 L672 350 Z",
    doors: { x: [448, 566], waist: 352, sill: 450 },
    wheels: { x: [234, 592], radius: 50 },
    lamps: { head: [104, 376, 40, 14], tail: [690, 280, 12, 40] },
  },
  pickup: {
    body: "M104 456 L100 398 Q102 370 130 364 L255 352 L318 262 Q326 252 342 252 L462 252 Q472 252 474 264 L476 345 L700 345 Q708 346 708 356 L708 444 Q706 456 692 456 Z",
    glass: "M272 352 L330 268 L458 268 L460 350 Z",
    doors: { x: [380, 476], waist: 352, sill: 450 },
    wheels: { x: [226, 604], radius: 52 },
    lamps: { head: [102, 374, 40, 14], tail: [698, 352, 12, 30] },
  },
  minivan: {
    body: "M100 456 L98 396 Q100 368 126 360 L220 340 L310 250 Q322 238 340 238 L676 236 Q700 238 702 262 L704 440 Q702 456 686 456 Z",
    glass: "M238 342 L318 258 L668 256 Q680 258 682 272 L684 340 Z",
    doors: { x: [402, 548], waist: 342, sill: 450 },
    wheels: { x: [226, 592], radius: 46 },
    lamps: { head: [100, 370, 40, 14], tail: [692, 270, 12, 44] },
  },
  "cargo-van": {
    body: "M100 456 L98 390 Q100 360 126 352 L196 336 L262 222 Q272 206 292 204 L684 200 Q704 202 706 224 L708 440 Q706 456 690 456 Z",
    glass: "M214 338 L272 236 L350 234 L352 336 Z",
    doors: { x: [356, 560], waist: 338, sill: 450 },
    wheels: { x: [216, 602], radius: 46 },
    lamps: { head: [100, 362, 40, 14], tail: [696, 236, 12, 44] },
  },
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A font size at which `text` fits `width` pixels of a bold sans-serif (about 0.64 em a character). */
const fitting = (text: string, width: number, largest: number) =>
  Math.min(largest, Math.floor(width / (text.length * 0.64)));

function wheel(x: number, r: number): string {
  const y = GROUND - r;
  const spokes = [0, 72, 144, 216, 288]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      const [dx, dy] = [Math.cos(a) * r * 0.55, Math.sin(a) * r * 0.55];
      return `<line x1="${x}" y1="${y}" x2="${(x + dx).toFixed(1)}" y2="${(y + dy).toFixed(1)}"/>`;
    })
    .join("");
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="#111827"/>
<circle cx="${x}" cy="${y}" r="${Math.round(r * 0.62)}" fill="#cbd5e1" stroke="#64748b" stroke-width="3"/>
<g stroke="#64748b" stroke-width="5" stroke-linecap="round">${spokes}</g>
<circle cx="${x}" cy="${y}" r="${Math.round(r * 0.16)}" fill="#475569"/>`;
}

type IllustratedVehicle = {
  year: number | null;
  make: string;
  model: string;
  trim: string | null;
  color: string | null;
};

/** The SVG drawing of one vehicle (800 × 600, the size uploads are fitted into). */
export function vehicleIllustration(vehicle: IllustratedVehicle, body: BodyStyle): string {
  const shape = SHAPES[body];
  const paint = PAINT[vehicle.color ?? ""] ?? PAINT.Silver!;
  const name = [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(" ");
  const detail = [vehicle.trim, vehicle.color].filter(Boolean).join(" · ");
  const nameSize = fitting(name, 720, 48);
  const [front, rear] = shape.wheels.x;
  const r = shape.wheels.radius;
  const { waist, sill } = shape.doors;
  const wells = [front, rear]
    .map((x) => `<circle cx="${x}" cy="${GROUND - r}" r="${r + 8}" fill="#0b1220"/>`)
    .join("");
  const doors = shape.doors.x
    .map((x) => `<line x1="${x}" y1="${waist - 2}" x2="${x}" y2="${sill}"/>`)
    .join("");
  const pillars = shape.doors.x
    .map((x) => `<rect x="${x - 6}" y="0" width="12" height="${waist}"/>`)
    .join("");
  const lamp = ([x, y, w, h]: Lamp, fill: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${fill}" stroke="#0f172a" stroke-width="2"/>`;
  const handles = shape.doors.x
    .map((x) => `<rect x="${x - 38}" y="${waist + 14}" width="24" height="6" rx="3"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e6edf5"/><stop offset="1" stop-color="#c3cfdd"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#334155"/><stop offset="0.5" stop-color="#64748b"/><stop offset="1" stop-color="#1e293b"/></linearGradient>
<clipPath id="body"><path d="${shape.body}"/></clipPath>
<clipPath id="windows"><path d="${shape.glass}"/></clipPath>
</defs>
<rect width="800" height="600" fill="url(#sky)"/>
<text x="40" y="118" font-size="${nameSize}" font-weight="bold" fill="#0f172a">${escapeXml(name)}</text>
<text x="40" y="158" font-size="26" fill="#334155">${escapeXml(detail)}</text>
<g transform="translate(0 ${LIFT})">
<rect y="${GROUND}" width="800" height="${600 - GROUND - LIFT}" fill="#9fb0c4"/>
<ellipse cx="404" cy="${GROUND + 4}" rx="330" ry="16" fill="#0f172a" opacity="0.28"/>
<path d="${shape.body}" fill="${paint}"/>
<path d="${shape.body}" fill="url(#sheen)"/>
<g clip-path="url(#body)">${wells}</g>
<path d="${shape.glass}" fill="url(#glass)"/>
<g clip-path="url(#windows)" fill="${paint}">${pillars}</g>
<g stroke="#0f172a" stroke-opacity="0.45" stroke-width="3">${doors}</g>
<g fill="#0f172a" fill-opacity="0.45">${handles}</g>
<path d="${shape.body}" fill="none" stroke="#0f172a" stroke-width="3" stroke-linejoin="round"/>
${lamp(shape.lamps.head, "#fef3c7")}
${lamp(shape.lamps.tail, "#dc2626")}
${wheel(front, r)}
${wheel(rear, r)}
</g>
<rect x="32" y="488" width="150" height="28" rx="14" fill="#0f172a" fill-opacity="0.75"/>
<text x="107" y="507" font-size="14" font-weight="bold" fill="#fff" text-anchor="middle" letter-spacing="2">ILLUSTRATION</text>
</svg>`;
}
