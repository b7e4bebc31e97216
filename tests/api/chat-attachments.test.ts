import { SELF, env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { chatMessageSchema, uploadTicketSchema } from "#lib/api-types";
import { CHAT_FILE_MAX_BYTES, HEIC_REFUSED } from "#lib/chat-files";
import { DEFAULT_ICE_SERVERS, iceServersFor } from "../../worker/integrations/turn";
import { UPLOAD_LINK_USED } from "../../worker/domain/uploads/claims";
import { ORIGIN, call, putAtOnce, signUpDealer, variantOf } from "./helpers";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const HEIC = Uint8Array.from([
  0,
  0,
  0,
  0x18,
  ...new TextEncoder().encode("ftypheic"),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode("mif1heic"),
]);

type Dealer = Awaited<ReturnType<typeof signUpDealer>>;
let a: Dealer;
let b: Dealer;
let stranger: Dealer;

beforeAll(async () => {
  [a, b, stranger] = [await signUpDealer(), await signUpDealer(), await signUpDealer()];
});

async function ticket(dealer: Dealer): Promise<URL> {
  const res = await call("POST", "/api/objects/chat-upload", { cookie: dealer.cookie });
  expect(res.status, res.text).toBe(201);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return new URL(uploadTicketSchema.parse(res.json).uploadURL);
}

const put = (url: URL, body: Uint8Array<ArrayBuffer>, contentType: string) =>
  SELF.fetch(url.toString(), {
    method: "PUT",
    body,
    headers: { "Content-Type": contentType, Origin: ORIGIN },
  });

/** Uploads a file as `dealer`: its stored address. */
async function upload(dealer: Dealer, body: Uint8Array<ArrayBuffer>, contentType: string): Promise<string> {
  const url = await ticket(dealer);
  const res = await put(url, body, contentType);
  expect(res.status, await res.clone().text()).toBe(201);
  expect(await res.json()).toEqual({ url: url.pathname, contentType, size: body.byteLength });
  return url.pathname;
}

const send = (dealer: Dealer, to: Dealer, body: Record<string, unknown>) =>
  call("POST", "/api/messages", { cookie: dealer.cookie, body: { receiverId: to.dealerId, ...body } });

const get = (path: string, cookie?: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("chat attachments", () => {
  it("sends a text-less message with a photo and a PDF, read by the chat's two dealers only", async () => {
    const photo = await upload(a, PNG, "image/png");
    const pdf = await upload(a, PDF, "application/pdf");
    const res = await send(a, b, {
      content: "",
      clientId: "attach-0001",
      attachments: [
        {
          url: `${ORIGIN}${photo}`,
          name: "left-fender.png",
          contentType: "image/png",
          size: 1,
          width: 1,
          height: 1,
        },
        // The claimed type and size are replaced by what R2 holds.
        { url: pdf, name: "Condition report.pdf", contentType: "image/png", size: 5 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const message = chatMessageSchema.parse(res.json);
    expect(message.content).toBe("");
    expect(message.attachments).toEqual([
      {
        url: photo,
        name: "left-fender.png",
        contentType: "image/png",
        size: PNG.byteLength,
        width: 1,
        height: 1,
      },
      { url: pdf, name: "Condition report.pdf", contentType: "application/pdf", size: PDF.byteLength },
    ]);

    // Both dealers read them; the history carries them.
    for (const dealer of [a, b]) {
      const file = await get(pdf, dealer.cookie);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("application/pdf");
      expect(file.headers.get("Cache-Control")).toBe("private, max-age=3600");
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    }
    const download = await get(`${photo}?download=1`, b.cookie);
    expect(download.headers.get("Content-Disposition")).toBe("attachment");
    await download.body?.cancel();
    const history = await call("GET", `/api/chats/${message.chatId}/messages`, { cookie: b.cookie });
    expect(history.json).toEqual([expect.objectContaining({ attachments: message.attachments })]);

    // Anyone else: the same 404 as a file that does not exist.
    for (const cookie of [stranger.cookie, undefined]) {
      const refused = await get(photo, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: "File not found" });
    }
    expect((await get(`/objects/chat-files/${crypto.randomUUID()}`, a.cookie)).status).toBe(404);
  });

  it("takes only the sender's own, unused uploads: anything else is 400", async () => {
    const bs = await upload(b, PNG, "image/png");
    const photo = await upload(a, PNG, "image/png");
    const postPhoto = await call("POST", "/api/objects/upload", { cookie: a.cookie });
    const refused = [
      [
        { url: bs, name: "theirs.png", contentType: "image/png", size: 1 },
        "Attachments must be files you uploaded",
      ],
      [
        {
          url: "https://elsewhere.example/objects/chat-files/" + crypto.randomUUID(),
          name: "x.png",
          contentType: "image/png",
          size: 1,
        },
        "Attachments must be files you uploaded",
      ],
      [
        {
          url: new URL(postPhoto.json.uploadURL as string).pathname,
          name: "x.png",
          contentType: "image/png",
          size: 1,
        },
        "Attachments must be files uploaded to this chat",
      ],
      [
        {
          url: `/objects/chat-files/${crypto.randomUUID()}`,
          name: "gone.png",
          contentType: "image/png",
          size: 1,
        },
        "Attachments must be files you uploaded",
      ],
    ] as const;
    for (const [attachment, message] of refused) {
      const res = await send(a, b, { content: "See attached", attachments: [attachment] });
      expect(res.status, JSON.stringify(attachment)).toBe(400);
      expect(res.text).toContain(message);
    }

    const first = await send(a, b, {
      content: "",
      clientId: "attach-once-1",
      attachments: [{ url: photo, name: "a.png", contentType: "image/png", size: 1 }],
    });
    expect(first.status).toBe(201);
    // A retry of the same message answers it again; the same file on another message does not.
    const retry = await send(a, b, {
      content: "",
      clientId: "attach-once-1",
      attachments: [{ url: photo, name: "a.png", contentType: "image/png", size: 1 }],
    });
    expect(retry.status).toBe(200);
    expect(retry.json.id).toBe(first.json.id);
    const again = await send(a, b, {
      content: "",
      attachments: [{ url: photo, name: "a.png", contentType: "image/png", size: 1 }],
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("A file can be sent on one message only");

    const empty = await send(a, b, { content: "  " });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Message text is required");
  });

  it("holds the limits: 10 files a message, 20 MB each, PDF/JPEG/PNG/WebP by their bytes, HEIC refused clearly", async () => {
    const eleven = Array.from({ length: 11 }, () => ({
      url: `/objects/chat-files/${crypto.randomUUID()}`,
      name: "p.png",
      contentType: "image/png",
      size: 10,
    }));
    const tooMany = await send(a, b, { content: "lots", attachments: eleven });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("A message can carry at most 10 files");

    const big = new Uint8Array(CHAT_FILE_MAX_BYTES + 1);
    big.set(PDF);
    const tooLarge = await put(await ticket(a), big, "application/pdf");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: "Files must be at most 20 MB" });

    const lying = await put(await ticket(a), PNG, "application/pdf");
    expect(lying.status).toBe(400);
    expect(((await lying.json()) as { message: string }).message).toBe(
      "The file is a image/png file, not application/pdf",
    );

    const zip = await put(
      await ticket(a),
      new TextEncoder().encode("PK\x03\x04zipzipzip"),
      "application/zip",
    );
    expect(zip.status).toBe(400);
    expect(((await zip.json()) as { message: string }).message).toBe(
      "Only PDF, JPEG, PNG and WebP files can be sent in a chat",
    );

    for (const type of ["image/heic", "image/jpeg"]) {
      const heic = await put(await ticket(a), HEIC, type);
      expect(heic.status, type).toBe(400);
      expect(((await heic.json()) as { message: string }).message).toBe(HEIC_REFUSED);
    }

    // A link is for the dealer it was made for: another owner in its query breaks the signature.
    const forged = await ticket(a);
    forged.searchParams.set("owner", stranger.dealerId);
    expect((await put(forged, PNG, "image/png")).status).toBe(403);
  });

  it("deletes one's own message within 15 minutes, and its files leave R2", async () => {
    const photo = await upload(a, PNG, "image/png");
    const sent = await send(a, b, {
      content: "Wrong car",
      attachments: [{ url: photo, name: "x.png", contentType: "image/png", size: 1 }],
    });
    expect(sent.status).toBe(201);
    const id = sent.json.id as string;

    expect((await call("DELETE", `/api/messages/${id}`, { cookie: b.cookie })).status).toBe(403);
    expect((await call("DELETE", `/api/messages/${id}`, { cookie: stranger.cookie })).status).toBe(404);
    const gone = await call("DELETE", `/api/messages/${id}`, { cookie: a.cookie });
    expect(gone.status).toBe(204);
    expect(await env.PHOTOS.head(`chat-files/${photo.split("/").pop()}`)).toBeNull();
    expect((await get(photo, b.cookie)).status).toBe(404);
    expect((await call("DELETE", `/api/messages/${id}`, { cookie: a.cookie })).status).toBe(404);

    const old = await send(a, b, { content: "Yesterday's news" });
    await runInDurableObject(
      env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(old.json.chatId as string)),
      (_room, state) =>
        void state.storage.sql.exec(
          "update messages set created_at = created_at - ? where id = ?",
          16 * 60 * 1000,
          old.json.id,
        ),
    );
    const late = await call("DELETE", `/api/messages/${old.json.id}`, { cookie: a.cookie });
    expect(late.status).toBe(403);
    expect(late.json.message).toBe("Messages can be deleted within 15 minutes of sending");
  });
});

describe("calls: ICE servers and where the camera is allowed", () => {
  it("answers STUN by default, never cached", async () => {
    const res = await call("GET", "/api/calls/ice-servers", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.json).toEqual({ iceServers: DEFAULT_ICE_SERVERS });
  });

  it("trades the TURN key for Cloudflare credentials when configured, and falls back to STUN when that fails", async () => {
    const turn = { TURN_KEY_ID: "key-1", TURN_KEY_API_TOKEN: "secret-token" };
    const seen: Request[] = [];
    const servers = await iceServersFor(turn, async (input, init) => {
      seen.push(new Request(input, init));
      return Response.json(
        {
          iceServers: [
            { urls: ["stun:stun.cloudflare.com:3478"] },
            { urls: "turns:turn.cloudflare.com:443?transport=tcp", username: "u", credential: "c" },
          ],
        },
        { status: 201 },
      );
    });
    expect(seen[0]!.url).toBe(
      "https://rtc.live.cloudflare.com/v1/turn/keys/key-1/credentials/generate-ice-servers",
    );
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer secret-token");
    expect(servers).toEqual([
      { urls: ["stun:stun.cloudflare.com:3478"] },
      { urls: ["turns:turn.cloudflare.com:443?transport=tcp"], username: "u", credential: "c" },
    ]);
    const failing = await iceServersFor(turn, async () => new Response("nope", { status: 500 }));
    expect(failing).toEqual(DEFAULT_ICE_SERVERS);
  });

  it("allows the camera and microphone for our own origin on /messages only", async () => {
    const messages = await SELF.fetch(`${ORIGIN}/messages`, { headers: { Cookie: a.cookie } });
    expect(messages.headers.get("Permissions-Policy")).toBe(
      "camera=(self), microphone=(self), geolocation=()",
    );
    await messages.body?.cancel();
    for (const path of ["/", "/settings", "/api/calls/ice-servers"]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: a.cookie } });
      expect(res.headers.get("Permissions-Policy"), path).toBe("camera=(), microphone=(), geolocation=()");
      expect(res.headers.get("Content-Security-Policy") ?? "", path).not.toMatch(
        /connect-src[^;]*https?:\/\/(?!localhost)/,
      );
      await res.body?.cancel();
    }
  });
});

describe("a chat file's signed address", () => {
  it("takes one of 8 PUTs sent at the same moment: one 201, the others 409, the winner's bytes stored", async () => {
    const url = await ticket(a);
    const bodies = Array.from({ length: 8 }, (_, i) => variantOf(PDF, i));
    const { statuses, messages, winner } = await putAtOnce(url, bodies, "application/pdf");
    expect([...statuses].sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(messages.filter((m) => m.message === UPLOAD_LINK_USED)).toHaveLength(7);
    const stored = await env.PHOTOS.get(`chat-files/${url.pathname.split("/").pop()}`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(winner);
    expect((await put(url, PDF, "application/pdf")).status).toBe(409);
  });
});
