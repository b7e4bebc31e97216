import { useEffect, useRef, useState, type RefObject } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Camera, Phone, RefreshCw, Volume2 } from "~/components/ui/icons";
import { durationText } from "#lib/chat-texts";
import type { useCall } from "./use-call";

type Call = ReturnType<typeof useCall>;

function Stream({
  stream,
  muted,
  className,
  label,
  videoRef,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  className: string;
  label: string;
  videoRef?: RefObject<HTMLVideoElement>;
}) {
  const own = useRef<HTMLVideoElement>(null);
  const ref = videoRef ?? own;
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    // A page opened by accepting a call has had no tap yet: the browser may refuse sound until one.
    if (stream) video.play().catch(() => setBlocked(true));
  }, [ref, stream]);
  return (
    <>
      <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} className={className} />
      {blocked ? (
        <button
          type="button"
          onClick={() => void ref.current?.play().then(() => setBlocked(false))}
          className="absolute inset-x-0 top-14 mx-auto w-fit rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-900"
        >
          Tap to hear {label.replace(/'s video$/, "")}
        </button>
      ) : null}
    </>
  );
}

const roundButton =
  "flex h-14 w-14 flex-col items-center justify-center rounded-full text-[10px] font-medium text-white";

/**
 * The call screen, made for a phone held up to a car: the other dealer's video fills the screen,
 * ours sits in a corner; switch camera, mute, a snapshot that posts a still into the chat, hang up.
 */
export function CallScreen({
  call,
  peer,
  onSnapshot,
}: {
  call: Call;
  peer: { name: string; avatar: string | null };
  onSnapshot: (still: File) => void;
}) {
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const localVideo = useRef<HTMLVideoElement>(null);
  const [seconds, setSeconds] = useState(0);
  const video = call.kind === "video";
  const acceptedAt = call.call?.acceptedAt;

  useEffect(() => {
    if (call.phase !== "connected" || !acceptedAt) return;
    const tick = () => setSeconds(Math.max(0, Math.round((Date.now() - Date.parse(acceptedAt)) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [call.phase, acceptedAt]);

  function snapshot() {
    const source = call.remote ? remoteVideo.current : localVideo.current;
    if (!source || !source.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext("2d")?.drawImage(source, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onSnapshot(new File([blob], `walk-around-${Date.now()}.jpg`, { type: "image/jpeg" }));
      },
      "image/jpeg",
      0.85,
    );
  }

  const status =
    call.phase === "ringing"
      ? `Calling ${peer.name}…`
      : call.phase === "connecting"
        ? "Connecting…"
        : durationText(seconds);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${video ? "Video" : "Voice"} call with ${peer.name}`}
      className="fixed inset-0 z-[60] flex flex-col bg-black pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] text-white"
      data-testid="call-screen"
    >
      <div className="relative min-h-0 flex-1">
        <Stream
          stream={call.remote}
          videoRef={remoteVideo}
          label={`${peer.name}'s video`}
          className={video ? "h-full w-full object-contain" : "hidden"}
        />
        {!video || !call.remote ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3">
            <Avatar name={peer.name} src={peer.avatar} />
            <p className="text-lg font-semibold">{peer.name}</p>
          </div>
        ) : null}
        {video ? (
          <Stream
            stream={call.local}
            videoRef={localVideo}
            muted
            label="Your camera"
            className="absolute right-3 bottom-3 h-36 w-24 rounded-lg border border-white/30 bg-slate-900 object-cover sm:h-40 sm:w-56"
          />
        ) : null}
        <p
          className="absolute top-3 left-1/2 -translate-x-1/2 rounded-full bg-black/60 px-3 py-1 text-sm tabular-nums"
          aria-live="polite"
          data-testid="call-status"
        >
          {status}
        </p>
      </div>
      <div className="flex items-center justify-center gap-4 p-4">
        {video ? (
          <button
            type="button"
            onClick={() => void call.switchCamera()}
            className={`${roundButton} bg-white/15`}
          >
            <RefreshCw size={20} />
            Switch
          </button>
        ) : null}
        <button
          type="button"
          onClick={call.toggleMute}
          aria-pressed={call.muted}
          className={`${roundButton} ${call.muted ? "bg-white text-slate-900" : "bg-white/15"}`}
        >
          <Volume2 size={20} />
          {call.muted ? "Unmute" : "Mute"}
        </button>
        {video ? (
          <button
            type="button"
            onClick={snapshot}
            disabled={call.phase !== "connected"}
            className={`${roundButton} bg-white/15 disabled:opacity-40`}
          >
            <Camera size={20} />
            Snapshot
          </button>
        ) : null}
        <button type="button" onClick={call.hangUp} className={`${roundButton} bg-red-600 hover:bg-red-700`}>
          <Phone size={20} className="rotate-[135deg]" />
          Hang up
        </button>
      </div>
    </div>
  );
}
