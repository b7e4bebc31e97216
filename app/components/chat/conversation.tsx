import { ArrowLeft, Phone, RotateCw, Trash2, Video } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { ClockTime } from "~/components/ui/clock";
import type { ChatMessage } from "#lib/realtime";
import { toast, toastError } from "#lib/toast";
import { AttachButtons, AttachmentTray } from "./attachment-tray";
import { CallScreen } from "./call-screen";
import { CallLine, MessageAttachments } from "./message-attachments";
import { useCall, type CallIntent } from "./use-call";
import { uploadChatFile, useChatUploads } from "./use-chat-uploads";
import { useConversation, type CallFrame, type LocalMessage } from "./use-conversation";
import { OfferChatCard } from "~/components/offers/offer-chat-card";

/** A dealer may take back a message for 15 minutes (the server holds the same rule). */
const DELETE_WINDOW_MS = 15 * 60 * 1000;

const headerButtonClass =
  "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-slate-200 disabled:opacity-40 dark:text-brand-400 dark:hover:bg-slate-800";

export type ChatPeer = { id: string; name: string; dealershipName: string; avatar: string | null };

/** The message pane: history, live messages, typing, receipts; Enter sends, Shift+Enter is a new line. */
export function Conversation({
  chatId,
  me,
  peer,
  initial,
  olderCursor,
  onBack,
  onActivity,
  callIntent = null,
  tools,
}: {
  chatId: string;
  me: string;
  peer: ChatPeer;
  initial: ChatMessage[];
  olderCursor: string | null;
  onBack: () => void;
  onActivity: (messages: LocalMessage[]) => void;
  /** `?call=` from a post card's popup (start one) or an accepted ring (join it). */
  callIntent?: CallIntent;
  /** The header's button for the AI Copilot and deal tools beside or over the conversation. */
  tools?: ReactNode;
}) {
  const callFrames = useRef<(frame: CallFrame) => void>(undefined);
  const onCallFrame = useCallback((frame: CallFrame) => callFrames.current?.(frame), []);
  const {
    messages,
    otherTyping,
    live,
    send,
    retry,
    remove,
    sendFrame,
    typing,
    hasOlder,
    loadingOlder,
    loadOlder,
  } = useConversation({ chatId, me, otherId: peer.id, initial, olderCursor, onCallFrame });
  const call = useCall({ me, peerId: peer.id, sendFrame, intent: callIntent });
  callFrames.current = (frame) => void call.onFrame(frame);
  const uploads = useChatUploads();
  const [draft, setDraft] = useState("");
  const started = useRef(false);
  useEffect(() => {
    if (live && callIntent?.start && !started.current) {
      started.current = true;
      void call.start(callIntent.start);
    }
  }, [live, callIntent, call]);

  async function sendSnapshot(still: File) {
    try {
      const attachment = await uploadChatFile(still, { name: still.name, contentType: "image/jpeg" });
      send("", [attachment]);
      toast({ title: "Snapshot sent" });
    } catch {
      toastError("Failed to send the snapshot");
    }
  }
  const bottom = useRef<HTMLLIElement>(null);
  const lastOwn = [...messages].reverse().find((m) => m.senderId === me);
  // Each offer's latest card is the live one (its moves in place); earlier cards are its history.
  const latestOfferCards = new Map(
    messages.flatMap((m) => (m.offer ? [[m.offer.offerId, m.id] as const] : [])),
  );

  // Follow the newest message (not an older page loaded above it).
  const newest = messages.at(-1);
  const newestKey = newest ? `${newest.clientId}:${newest.status}` : "";
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [newestKey, otherTyping]);
  useEffect(() => onActivity(messages), [messages, onActivity]);

  // The draft grows with its lines up to its max height, then scrolls.
  const draftField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const field = draftField.current;
    if (!field) return;
    field.style.height = "auto";
    field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
  }, [draft]);

  const canSend = (draft.trim() !== "" || uploads.attachments.length > 0) && !uploads.busy && !uploads.failed;
  function submit() {
    if (!canSend) return;
    send(draft, uploads.attachments);
    setDraft("");
    uploads.clear();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <section
      aria-label={`Conversation with ${peer.name}`}
      className="@container flex h-full min-h-0 flex-col"
    >
      {/* The name gets the row's room; the live state sits on its own line, under it, beside the dealership. */}
      <header className="flex items-center gap-1 border-b border-slate-200 py-2 pr-2 pl-1 md:gap-2 md:pl-3 dark:border-slate-800">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to conversations"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-200 md:hidden dark:hover:bg-slate-800"
        >
          <ArrowLeft size={20} />
        </button>
        <span className="flex shrink-0">
          <Avatar name={peer.name} src={peer.avatar} size={40} />
        </span>
        <div className="ml-1 min-w-0 flex-1">
          <h2 className="truncate leading-tight font-semibold">{peer.name}</h2>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
            <span
              className={`shrink-0 ${live ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400"}`}
              data-testid="chat-live"
            >
              {live ? "● Live" : "○ Reconnecting…"}
            </span>
            <span className="truncate">· {peer.dealershipName}</span>
          </p>
        </div>
        {(
          [
            ["voice", "Voice call", Phone],
            ["video", "Video call", Video],
          ] as const
        ).map(([kind, label, Icon]) => (
          <button
            key={kind}
            type="button"
            onClick={() => void call.start(kind)}
            aria-label={label}
            title={label}
            disabled={!live || call.active}
            className={headerButtonClass}
          >
            <Icon size={18} />
          </button>
        ))}
        {tools}
      </header>

      {/* Focusable, so a keyboard can scroll the history too. */}
      <ol
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3"
        tabIndex={0}
        aria-label="Chat history"
        aria-live="polite"
        data-testid="message-list"
      >
        {hasOlder ? (
          <li className="self-center">
            <Button variant="ghost" onClick={() => void loadOlder()} disabled={loadingOlder}>
              {loadingOlder ? "Loading…" : "Load earlier messages"}
            </Button>
          </li>
        ) : null}
        {messages.length === 0 ? (
          <li className="m-auto text-sm text-muted">No messages yet. Say hello to {peer.name}.</li>
        ) : null}
        {messages.map((m) => {
          const own = m.senderId === me;
          const offerCard = m.offer ?? null;
          return (
            <li
              key={m.clientId + m.senderId}
              className={`flex max-w-[min(85%,36rem)] flex-col ${own ? "self-end items-end" : "self-start items-start"}`}
            >
              {m.context?.postTitle ? (
                <span className="mb-1 rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  Re: {m.context.postTitle}
                </span>
              ) : null}
              {m.call ? <CallLine call={m.call} /> : null}
              {offerCard ? (
                <OfferChatCard
                  card={offerCard}
                  own={own}
                  peerName={peer.name}
                  live={latestOfferCards.get(offerCard.offerId) === m.id}
                />
              ) : null}
              {m.attachments.length ? (
                <MessageAttachments
                  attachments={m.attachments}
                  title={`Photos from ${own ? "you" : peer.name}`}
                />
              ) : null}
              {m.content && !offerCard ? (
                <p
                  className={`rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap wrap-anywhere ${
                    own
                      ? "bg-brand-600 text-white"
                      : "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
                  } ${m.status === "failed" ? "opacity-70 ring-2 ring-red-500" : ""}`}
                >
                  {m.content}
                </p>
              ) : null}
              <span className="mt-0.5 flex items-center gap-2 text-[11px] text-muted">
                <ClockTime at={m.createdAt} />
                {own && m.status === "sending" ? " · Sending…" : null}
                {own && m.status === "failed" ? (
                  <button
                    type="button"
                    onClick={() => retry(m.clientId)}
                    className="inline-flex items-center gap-1 font-medium text-red-600 underline dark:text-red-400"
                  >
                    <RotateCw size={12} /> Not sent — Retry
                  </button>
                ) : null}
                {own && m === lastOwn && m.status === "sent" ? (
                  <span data-testid="receipt">{m.isRead ? "· Seen" : "· Sent"}</span>
                ) : null}
                {own &&
                !m.call &&
                !offerCard &&
                m.status === "sent" &&
                Date.now() - Date.parse(m.createdAt) < DELETE_WINDOW_MS ? (
                  <button
                    type="button"
                    onClick={() => void remove(m.id)}
                    aria-label="Delete message"
                    title="Delete (within 15 minutes of sending)"
                    className="rounded p-0.5 hover:text-red-600"
                  >
                    <Trash2 size={12} />
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
        {otherTyping ? (
          <li className="self-start text-xs text-slate-600 italic dark:text-slate-400" data-testid="typing">
            {peer.name} is typing…
          </li>
        ) : null}
        <li ref={bottom} aria-hidden="true" />
      </ol>

      <AttachmentTray uploads={uploads} />
      {/* One row, as in a messenger: attach, the draft (growing with its lines), Send. */}
      <form
        method="post"
        action="/messages"
        className="flex items-end gap-1 border-t border-slate-200 px-2 py-2 md:gap-2 md:px-3 dark:border-slate-800"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="message-draft" className="sr-only">
          Message {peer.name}
        </label>
        <span id="message-draft-hint" className="sr-only">
          Enter sends, Shift+Enter starts a new line
        </span>
        <input type="hidden" name="receiverId" value={peer.id} />
        <AttachButtons uploads={uploads} />
        <textarea
          ref={draftField}
          id="message-draft"
          name="content"
          rows={1}
          value={draft}
          maxLength={4000}
          onChange={(e) => {
            setDraft(e.target.value);
            typing();
          }}
          onKeyDown={onKeyDown}
          placeholder="Type a message…"
          aria-describedby="message-draft-hint"
          className="max-h-40 min-h-10 min-w-0 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-3.5 py-2 text-sm leading-5 dark:border-slate-600 dark:bg-slate-950"
        />
        <Button type="submit" disabled={!canSend} className="shrink-0 rounded-full whitespace-nowrap">
          Send
        </Button>
      </form>
      {call.active ? (
        <CallScreen call={call} peer={peer} onSnapshot={(still) => void sendSnapshot(still)} />
      ) : null}
    </section>
  );
}
