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
        <Mail size={14} />
        <ContactLink href={email && `mailto:${email}`} text={email} missing="Email hidden by this dealer" />
      </li>
      <li className="flex items-center gap-2">
        <Phone size={14} />
        <ContactLink
          href={phone && `tel:${phone}`}
          text={phone}
          missing={hidden.includes("phone") ? "Phone hidden by this dealer" : "Not provided"}
        />
      </li>
      {website ? (
        <li className="flex items-center gap-2">
          <Globe size={14} />
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

function ContactLink({ href, text, missing }: { href: string | null; text: string | null; missing: string }) {
  return href ? (
    <a href={href} className="truncate hover:underline">
      {text}
    </a>
  ) : (
    <span className="text-muted">{missing}</span>
  );
}
