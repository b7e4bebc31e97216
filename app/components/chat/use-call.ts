import { useCallback, useEffect, useRef, useState } from "react";
import { answerOf, api } from "#lib/api-client";
import type { IceServer } from "#lib/api-types";
import type { CallKind, CallSignal, ChatClientFrame, LiveCall } from "#lib/realtime";
import { CALL_PAGES } from "#lib/realtime-limits";
import { toastError } from "#lib/toast";
import { loadCallPage } from "./call-page";
import type { CallFrame } from "./use-conversation";

export type CallPhase = "idle" | "ringing" | "connecting" | "connected";
export type CallIntent = { start?: CallKind; join?: string } | null;
type Facing = "environment" | "user";

const noMedia = () =>
  toastError(
    "Allow DealerLane to use them in your browser, then call again.",
    "Camera or microphone unavailable",
  );

function mediaFor(kind: CallKind, facing: Facing): MediaStreamConstraints {
  return kind === "video"
    ? {
        audio: true,
        video: { facingMode: { ideal: facing }, width: { ideal: 1280 }, height: { ideal: 720 } },
      }
    : { audio: true, video: false };
}

/** Whether this document was loaded on a call page, so that its Permissions-Policy lets it use the camera. */
function documentAllowsCalls(): boolean {
  const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const loadedAt = entry ? new URL(entry.name).pathname : window.location.pathname;
  return CALL_PAGES.includes(loadedAt);
}

/**
 * One call in this conversation, peer to peer: the ChatRoom rings and relays; this tab holds the
 * RTCPeerConnection. The caller offers once the callee says it is ready (its socket and camera are up), so
 * nothing is lost while the callee's page is still opening. A walk-around starts on the back camera.
 */
export function useCall({
  me,
  peerId,
  sendFrame,
  intent,
}: {
  me: string;
  peerId: string;
  sendFrame: (frame: ChatClientFrame) => boolean;
  intent: CallIntent;
}) {
  const [call, setCall] = useState<LiveCall | null>(null);
  const [phase, setPhase] = useState<CallPhase>("idle");
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [muted, setMuted] = useState(false);
  const [facing, setFacing] = useState<Facing>("environment");
  const ours = useRef<string | null>(null);
  const pc = useRef<RTCPeerConnection | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const pendingIce = useRef<RTCIceCandidateInit[]>([]);
  const kindRef = useRef<CallKind>("video");
  const callRef = useRef<LiveCall | null>(null);
  const joined = useRef<string | null>(null);

  const cleanUp = useCallback(() => {
    pc.current?.close();
    pc.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    pendingIce.current = [];
    ours.current = null;
    setLocal(null);
    setRemote(null);
    setMuted(false);
    setPhase("idle");
  }, []);

  const signal = useCallback(
    (callId: string, s: CallSignal) => sendFrame({ type: "call-signal", callId, signal: s }),
    [sendFrame],
  );

  const openMedia = useCallback(async (kind: CallKind, face: Facing) => {
    const media = await navigator.mediaDevices.getUserMedia(mediaFor(kind, face));
    stream.current = media;
    setLocal(media);
    return media;
  }, []);

  const connect = useCallback(
    async (callId: string) => {
      const { iceServers } = await answerOf(api.GET("/api/calls/ice-servers")).catch(() => ({
        iceServers: [] as IceServer[],
      }));
      const peer = new RTCPeerConnection({ iceServers });
      pc.current = peer;
      stream.current?.getTracks().forEach((track) => peer.addTrack(track, stream.current!));
      peer.onicecandidate = (e) => {
        if (e.candidate) signal(callId, { kind: "ice", candidate: e.candidate.toJSON() as never });
      };
      peer.ontrack = (e) => setRemote(e.streams[0] ?? new MediaStream([e.track]));
      peer.onconnectionstatechange = () => {
        if (peer.connectionState === "connected") setPhase("connected");
      };
      return peer;
    },
    [signal],
  );

  const flushIce = useCallback(async () => {
    const peer = pc.current;
    if (!peer?.remoteDescription) return;
    for (const candidate of pendingIce.current.splice(0))
      await peer.addIceCandidate(candidate).catch(() => {});
  }, []);

  /** The callee's side: camera up, then tell the caller to offer. */
  const join = useCallback(
    async (current: LiveCall) => {
      if (joined.current === current.id) return;
      joined.current = current.id;
      ours.current = current.id;
      kindRef.current = current.kind;
      setPhase("connecting");
      try {
        await openMedia(current.kind, "environment");
        await connect(current.id);
        signal(current.id, { kind: "ready" });
      } catch {
        noMedia();
        sendFrame({ type: "call-end", callId: current.id });
        cleanUp();
      }
    },
    [openMedia, connect, signal, sendFrame, cleanUp],
  );

  const onFrame = useCallback(
    async (frame: CallFrame) => {
      if (frame.type === "error") {
        // The room refused the call this tab is starting (another one is under way): say so and stop.
        if (ours.current && !callRef.current) {
          toastError(frame.message);
          cleanUp();
        }
        return;
      }
      if (frame.type === "call") {
        const next = frame.call;
        callRef.current = next.state === "ended" ? null : next;
        setCall(callRef.current);
        if (next.state === "ended") {
          if (ours.current === next.id) cleanUp();
          return;
        }
        if (ours.current !== next.id && !(intent?.join === next.id && next.calleeId === me)) return;
        if (next.state === "ringing") setPhase("ringing");
        else if (next.callerId === me) setPhase((p) => (p === "connected" ? p : "connecting"));
        else void join(next);
        return;
      }
      const callId = frame.callId;
      if (ours.current !== callId || frame.fromId === me) return;
      const s = frame.signal;
      try {
        if (s.kind === "ready") {
          const peer = pc.current ?? (await connect(callId));
          const offer = await peer.createOffer();
          await peer.setLocalDescription(offer);
          signal(callId, { kind: "offer", sdp: offer.sdp ?? "" });
        } else if (s.kind === "offer") {
          const peer = pc.current ?? (await connect(callId));
          await peer.setRemoteDescription({ type: "offer", sdp: s.sdp });
          const answer = await peer.createAnswer();
          await peer.setLocalDescription(answer);
          signal(callId, { kind: "answer", sdp: answer.sdp ?? "" });
          await flushIce();
        } else if (s.kind === "answer") {
          await pc.current?.setRemoteDescription({ type: "answer", sdp: s.sdp });
          await flushIce();
        } else {
          pendingIce.current.push(s.candidate);
          await flushIce();
        }
      } catch (error) {
        console.error("Call signalling failed", error);
      }
    },
    [me, intent, join, connect, signal, flushIce, cleanUp],
  );

  const start = useCallback(
    async (kind: CallKind) => {
      if (ours.current || callRef.current) return;
      if (!documentAllowsCalls()) return loadCallPage(peerId, { call: kind });
      const callId = crypto.randomUUID();
      ours.current = callId;
      kindRef.current = kind;
      setPhase("ringing");
      try {
        await openMedia(kind, "environment");
      } catch {
        cleanUp();
        noMedia();
        return;
      }
      if (!sendFrame({ type: "call-start", callId, kind })) {
        cleanUp();
        toastError("Not connected. Try again in a moment.");
      }
    },
    [peerId, openMedia, sendFrame, cleanUp],
  );

  const hangUp = useCallback(() => {
    if (ours.current) sendFrame({ type: "call-end", callId: ours.current });
    cleanUp();
  }, [sendFrame, cleanUp]);

  const toggleMute = useCallback(() => {
    const next = !muted;
    stream.current?.getAudioTracks().forEach((t) => (t.enabled = !next));
    setMuted(next);
  }, [muted]);

  /** Front or back camera: the new track replaces the old one in the call, no renegotiation. */
  const switchCamera = useCallback(async () => {
    const next: Facing = facing === "environment" ? "user" : "environment";
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: next } } });
      const track = media.getVideoTracks()[0];
      if (!track || !stream.current) return;
      const old = stream.current.getVideoTracks()[0];
      await pc.current
        ?.getSenders()
        .find((s) => s.track?.kind === "video")
        ?.replaceTrack(track);
      if (old) {
        stream.current.removeTrack(old);
        old.stop();
      }
      stream.current.addTrack(track);
      setLocal(new MediaStream(stream.current.getTracks()));
      setFacing(next);
    } catch {
      toastError("This device has no other camera");
    }
  }, [facing]);

  // The callee's tab that accepted may mount after the room told it the call is on.
  useEffect(() => {
    const current = callRef.current;
    if (
      intent?.join &&
      current?.id === intent.join &&
      current.state === "connected" &&
      current.calleeId === me
    )
      void join(current);
  }, [intent, me, join, call]);

  useEffect(() => cleanUp, [cleanUp]);

  return {
    call,
    phase,
    kind: kindRef.current,
    local,
    remote,
    muted,
    facing,
    start,
    hangUp,
    toggleMute,
    switchCamera,
    onFrame,
    /** This tab is in the call (ringing out, connecting or connected). */
    active: phase !== "idle",
  };
}
