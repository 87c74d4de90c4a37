import DOMPurify, { type Config } from 'dompurify';
import { renameEventAttributes } from './event-attributes';

/**
 * What a chat message may keep of HTML (SPEC.md §5, DESIGN.md §3): text formatting, lists and
 * links, nothing else. No attribute but href; no style, no class, no id (no clobbering), and
 * links only to web, mail and phone addresses.
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
];
const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: SAFE_LINK,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  SANITIZE_DOM: true,
  KEEP_CONTENT: true,
  // Content of these is dropped whole, not kept as text.
  FORBID_TAGS: ['style', 'script', 'template', 'noscript', 'iframe', 'svg', 'math'],
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** A purifier of our own, so its hook never touches another use of DOMPurify. */
function chatPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (!href || !SAFE_LINK.test(href.trim())) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/**
 * Sanitised HTML of a message, safe for innerHTML. Its event-handler attributes are renamed before
 * DOMPurify parses it, so that the browser never meets one, even in DOMPurify's inert document
 * (event-attributes.ts).
 */
export function sanitizeMessageHtml(html: string): string {
  return chatPurifier().sanitize(renameEventAttributes(html), { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** An element-looking tag: `<b>`, `</p>`, `<a href=…>`, `<br/>`; not "a < b" nor "<3". */
const TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

export function hasHtmlTags(text: string): boolean {
  return TAG.test(text);
}

/**
 * Decodes HTML entities ('Tom &amp; Jerry' → 'Tom & Jerry') without running or loading
 * anything: a textarea's content is text for the parser (RCDATA), never elements.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const area = document.createElement('textarea');
  area.innerHTML = text;
  return area.value;
}

export type MessageBody = { kind: 'html'; html: string } | { kind: 'text'; text: string };

/** SPEC.md §5: content is decoded; with HTML tags it is shown as (sanitised) HTML, otherwise as text. */
export function messageBody(content: string): MessageBody {
  if (hasHtmlTags(content)) return { kind: 'html', html: sanitizeMessageHtml(content) };
  const decoded = decodeEntities(content);
  if (hasHtmlTags(decoded)) return { kind: 'html', html: sanitizeMessageHtml(decoded) };
  return { kind: 'text', text: decoded };
}
