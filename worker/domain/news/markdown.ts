import MarkdownIt from "markdown-it";

/**
 * An article's Markdown as HTML that is safe to put in the page: raw HTML in the body is written out as text
 * (`html: false`), and markdown-it refuses javascript:, vbscript: and data: (non-image) links. Links open in a
 * new tab without handing the page to the other site.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet("target", "_blank");
  token.attrSet("rel", "noopener noreferrer nofollow");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export const renderMarkdown = (body: string): string => markdown.render(body);
