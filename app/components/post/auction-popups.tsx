import { Gavel, Pause, Play, Send, Users, Volume2 } from "~/components/ui/icons";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { fetchPost } from "~/components/feed/feed-api";
import { formatPriceCents } from "#lib/format";
import type { FeedPost, PostDetail, PostVehicle } from "#lib/api-types";

/** The mock live video loops over 180 seconds and starts at volume 75. */
export const LIVE_VIDEO_LOOP_SECONDS = 180;
export const LIVE_VIDEO_START_VOLUME = 75;
const BID_STEPS = [50_000, 100_000, 250_000] as const;

type PopupProps = { post: FeedPost | PostDetail; open: boolean; onOpenChange: (o: boolean) => void };

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function SampleNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md bg-amber-100 px-3 py-2 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {children}
    </p>
  );
}

function PopupFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
}: Omit<PopupProps, "post"> & { title: string; description: string; children: ReactNode; testId: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame
        overlay="z-40 bg-black/60"
        data-testid={testId}
        className="max-h-[92dvh] w-[min(34rem,94vw)] gap-3 overflow-y-auto p-4"
      >
        <DialogHeader>{title}</DialogHeader>
        <Dialog.Description className="sr-only">{description}</Dialog.Description>
        {children}
      </DialogFrame>
    </Dialog.Root>
  );
}

/** The post's vehicles, loaded once when a popup opens (the feed lists posts without them). */
function usePostVehicles(post: FeedPost | PostDetail, open: boolean): PostVehicle[] | null {
  const given = "vehicles" in post ? post.vehicles : null;
  const [loaded, setLoaded] = useState<PostVehicle[] | null>(given);
  useEffect(() => {
    if (!open || given || loaded) return;
    const controller = new AbortController();
    fetchPost(post.id, controller.signal)
      .then((p) => setLoaded(p.vehicles))
      .catch(() => setLoaded([]));
    return () => controller.abort();
  }, [open, given, loaded, post.id]);
  return given ?? loaded;
}

/** A believable sample figure, fixed per post so it does not jump between renders. */
function sampleFrom(seed: string, min: number, max: number): number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return min + (Math.abs(h) % (max - min + 1));
}

/** The sample bids under a reserve: the floor has not reached it yet, as on a real lane before the hammer. */
const SAMPLE_BIDS = [
  { who: "Bidder 4127", share: 0.86 },
  { who: "Bidder 2290", share: 0.8 },
  { who: "Bidder 7731", share: 0.72 },
] as const;
/** Sample bids land on whole hundreds of dollars. */
const BID_ROUNDING_CENTS = 10_000;

/**
 * Auction popup: '{facilitator} - Live Auction Platform'. The lot is the post's real first
 * vehicle and its asking price is the reserve; the bids under it, the time left and the activity are sample
 * figures (labelled) drawn from that reserve, so they agree with it, and nothing is sent. The popup answers
 * a bid inside itself: a toast would be a second layer that the first Escape closes instead of the popup.
 */
export function AuctionPopup({ post, open, onOpenChange }: PopupProps) {
  const vehicles = usePostVehicles(post, open);
  const lot = vehicles?.[0];
  const facilitator = post.auctionFacilitator ?? "Live Auction";
  // Until the lot has loaded there is no reserve to draw the figures from.
  const reserve = vehicles === null ? null : (lot?.priceCents ?? sampleFrom(post.id, 8_000, 40_000) * 100);
  const sampleBids = useMemo(
    () =>
      reserve === null
        ? []
        : SAMPLE_BIDS.map(({ who, share }) => ({
            who,
            amount: Math.round((reserve * share) / BID_ROUNDING_CENTS) * BID_ROUNDING_CENTS,
            mine: false,
          })),
    [reserve],
  );
  const [myBids, setMyBids] = useState<number[]>([]);
  const activity = [...myBids.map((amount) => ({ who: "You", amount, mine: true })), ...sampleBids].slice(
    0,
    8,
  );
  const highBid = activity.reduce((high, a) => Math.max(high, a.amount), 0);
  const [bid, setBid] = useState("");
  const [answer, setAnswer] = useState<{ text: string; refused: boolean } | null>(null);
  const bidInput = useRef<HTMLInputElement>(null);
  const [secondsLeft, setSecondsLeft] = useState(() => sampleFrom(post.id, 90, 600));
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setSecondsLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [open]);

  const placeBid = () => {
    const cents = Math.round(Number(bid.replace(/[^0-9.]/g, "")) * 100);
    if (!Number.isFinite(cents) || cents <= highBid) {
      setAnswer({ text: `Bid too low: bid more than ${formatPriceCents(highBid)}.`, refused: true });
    } else {
      setMyBids((list) => [cents, ...list]);
      setBid("");
      setAnswer({
        text: `Sample bid of ${formatPriceCents(cents)} placed. This panel is a preview: bids are not sent to the auction.`,
        refused: false,
      });
    }
    // The button disables itself once the field is empty: the focus stays in the popup, on the field.
    bidInput.current?.focus();
  };

  return (
    <PopupFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`${facilitator} - Live Auction Platform`}
      description="Preview of the live auction: sample bids, nothing is sent."
      testId="auction-popup"
    >
      <SampleNote>
        Sample auction: the bids, timer and activity are sample figures and nothing is sent. The lot is this
        post&apos;s vehicle{lot?.priceCents != null ? ", its asking price the reserve" : ""}.
      </SampleNote>
      <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <p className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">Current lot</p>
        <p className="font-semibold">
          {lot
            ? [lot.year, lot.make, lot.model, lot.trim].filter(Boolean).join(" ")
            : vehicles === null
              ? "Loading lot…"
              : post.title}
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          <Fact label="VIN">
            <span className="font-mono text-xs font-normal break-all">{lot?.vin ?? "Not given"}</span>
          </Fact>
          <Fact label="Mileage">
            {lot?.mileage != null ? `${lot.mileage.toLocaleString("en-US")} mi` : "Not given"}
          </Fact>
          <Fact label="High bid (sample)">
            <span className="text-emerald-600 dark:text-emerald-400" data-testid="auction-high-bid">
              {reserve === null ? "…" : formatPriceCents(highBid)}
            </span>
          </Fact>
          <Fact label={`Reserve${lot?.priceCents != null ? " (asking price)" : " (sample)"}`}>
            <span data-testid="auction-reserve">{reserve === null ? "…" : formatPriceCents(reserve)}</span>
          </Fact>
          <Fact label="Time left (sample)">
            <span className="tabular-nums">{clock(secondsLeft)}</span>
          </Fact>
        </dl>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={`bid-${post.id}`} className="text-sm font-medium">
          Your bid (USD)
        </label>
        <div className="flex gap-2">
          <input
            ref={bidInput}
            id={`bid-${post.id}`}
            inputMode="decimal"
            value={bid}
            onChange={(e) => setBid(e.target.value)}
            placeholder={String(Math.round(highBid / 100) + 500)}
            className={inputClass}
          />
          <Button onClick={placeBid} disabled={!bid.trim() || reserve === null} className="whitespace-nowrap">
            <Gavel size={16} aria-hidden="true" /> Place Bid
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          {BID_STEPS.map((step) => (
            <Button
              key={step}
              variant="secondary"
              disabled={reserve === null}
              onClick={() => setBid(String((highBid + step) / 100))}
            >
              +{formatPriceCents(step)}
            </Button>
          ))}
        </div>
        <p
          role="status"
          className={`min-h-5 text-sm ${answer?.refused ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"}`}
        >
          {answer?.text}
        </p>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold">Bidding activity (sample)</h3>
        <ul className="flex flex-col gap-1 text-sm">
          {activity.map((a, i) => (
            <li
              key={i}
              className={`flex justify-between rounded px-2 py-1 ${a.mine ? "bg-brand-600/10" : "bg-slate-100 dark:bg-slate-800"}`}
            >
              <span>{a.who}</span>
              <span className="font-medium tabular-nums">{formatPriceCents(a.amount)}</span>
            </li>
          ))}
        </ul>
      </div>
    </PopupFrame>
  );
}

/**
 * Live video popup: a mock stream — play/pause, a progress bar looping over 3:00, volume
 * starting at 75, viewers, high bid, vehicles remaining (the post's real available count), a local chat.
 */
export function LiveVideoPopup({ post, open, onOpenChange }: PopupProps) {
  const [playing, setPlaying] = useState(true);
  const [position, setPosition] = useState(0);
  const [volume, setVolume] = useState(LIVE_VIDEO_START_VOLUME);
  const [chat, setChat] = useState<{ who: string; text: string }[]>(() => [
    { who: "Bidder 4127", text: "Any frame rust on this one?" },
    { who: "Auctioneer", text: "Clean underneath, southern unit." },
  ]);
  const [message, setMessage] = useState("");
  const viewers = useMemo(() => sampleFrom(post.id, 24, 180), [post.id]);
  const highBid = useMemo(() => sampleFrom(`${post.id}-bid`, 90, 420) * 10_000, [post.id]);

  useEffect(() => {
    if (!open || !playing) return;
    const timer = setInterval(() => setPosition((p) => (p + 1) % LIVE_VIDEO_LOOP_SECONDS), 1000);
    return () => clearInterval(timer);
  }, [open, playing]);

  const send = () => {
    if (!message.trim()) return;
    setChat((list) => [...list, { who: "You", text: message.trim() }].slice(-30));
    setMessage("");
  };

  return (
    <PopupFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Live: ${post.title}`}
      description="Preview of a live video auction stream."
      testId="live-video-popup"
    >
      <SampleNote>
        Sample stream: the video, viewers, high bid and chat are a preview. Vehicles remaining is this
        post&apos;s real count.
      </SampleNote>
      <div className="relative flex aspect-video items-center justify-center rounded-lg bg-gradient-to-br from-slate-800 to-slate-950 text-white">
        <span className="absolute top-2 left-2 rounded bg-red-600 px-2 py-0.5 text-xs font-bold">LIVE</span>
        <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded bg-black/50 px-2 py-0.5 text-xs">
          <Users size={12} aria-hidden="true" /> {viewers} watching
        </span>
        <button
          type="button"
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? "Pause" : "Play"}
          className="rounded-full bg-white/15 p-4 hover:bg-white/25"
        >
          {playing ? <Pause size={28} aria-hidden="true" /> : <Play size={28} aria-hidden="true" />}
        </button>
      </div>
      <div className="flex items-center gap-3 text-xs tabular-nums">
        <span>{clock(position)}</span>
        <div
          role="progressbar"
          aria-label="Stream position"
          aria-valuemin={0}
          aria-valuemax={LIVE_VIDEO_LOOP_SECONDS}
          aria-valuenow={position}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full bg-red-600"
            style={{ width: `${(position / LIVE_VIDEO_LOOP_SECONDS) * 100}%` }}
          />
        </div>
        <span>{clock(LIVE_VIDEO_LOOP_SECONDS)}</span>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Volume2 size={16} aria-hidden="true" />
        <span className="sr-only">Volume</span>
        <input
          type="range"
          min={0}
          max={100}
          value={volume}
          onChange={(e) => setVolume(Number(e.target.value))}
          className="flex-1"
        />
        <span className="w-8 text-right tabular-nums">{volume}</span>
      </label>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        {(
          [
            ["Viewers (sample)", viewers],
            ["High bid (sample)", formatPriceCents(highBid)],
            ["Vehicles remaining", post.availableCount],
          ] as const
        ).map(([label, value]) => (
          <Fact key={label} label={label} className="rounded bg-slate-100 p-2 dark:bg-slate-800">
            {value}
          </Fact>
        ))}
      </dl>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Live chat (sample, stays on this device)</h3>
        <ul className="flex max-h-32 flex-col gap-1 overflow-y-auto text-sm">
          {chat.map((line, i) => (
            <li key={i}>
              <span className="font-semibold">{line.who}:</span> {line.text}
            </li>
          ))}
        </ul>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <label htmlFor={`live-chat-${post.id}`} className="sr-only">
            Chat message
          </label>
          <input
            id={`live-chat-${post.id}`}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="Say something…"
            className={inputClass}
          />
          <Button type="submit" disabled={!message.trim()} aria-label="Send chat message">
            <Send size={16} aria-hidden="true" />
          </Button>
        </form>
      </div>
    </PopupFrame>
  );
}
