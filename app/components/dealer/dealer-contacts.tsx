import { Globe, Mail, Phone } from "~/components/ui/icons";

type Contacts = {
  email: string | null;
  phone: string | null;
  website: string | null;
  /** What the dealer hides from the viewer: said so instead of "Not provided". */
  hidden?: readonly string[];
};

/** A dealer's e-mail, phone and website. The website is the dealer's, not ours: it opens apart and passes no credit. */
export function DealerContacts({ email, phone, website, hidden = [] }: Contacts) {
  return (
    <ul className="flex flex-col gap-1 text-sm">
      <li className="flex items-center gap-2">
        <Mail size={14} aria-hidden="true" />
        {email ? (
          <a href={`mailto:${email}`} className="truncate hover:underline">
            {email}
          </a>
        ) : (
          <span className="text-muted">Email hidden by this dealer</span>
        )}
      </li>
      <li className="flex items-center gap-2">
        <Phone size={14} aria-hidden="true" />
        {phone ? (
          <a href={`tel:${phone}`} className="hover:underline">
            {phone}
          </a>
        ) : (
          <span className="text-muted">
            {hidden.includes("phone") ? "Phone hidden by this dealer" : "Not provided"}
          </span>
        )}
      </li>
      {website ? (
        <li className="flex items-center gap-2">
          <Globe size={14} aria-hidden="true" />
          <a
            href={website}
            target="_blank"
            rel="nofollow noopener noreferrer"
            className="truncate hover:underline"
          >
            {website.replace(/^https?:\/\//, "")}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
