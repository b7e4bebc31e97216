import { data } from "@remix-run/cloudflare";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * How every Remix action reads its body (a page answers 400 to a body it cannot read,
 * never 500): a body that is not a form is 415, a form that cannot be parsed (a broken multipart) 400.
 * Thrown, so the route's error page shows the message with that status.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    throw data(
      {
        message: "This page takes a form post (application/x-www-form-urlencoded or multipart/form-data).",
      },
      { status: 415 },
    );
  }
  try {
    return await request.formData();
  } catch {
    throw data(
      { message: "The form could not be read: its body is not a well-formed form." },
      { status: 400 },
    );
  }
}
