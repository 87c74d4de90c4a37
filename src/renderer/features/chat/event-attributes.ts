/**
 * Renames the event-handler attributes (`onerror`, `onclick`, any `on…`) of a message's start
 * tags to `x-on…` before any parser sees the text.
 *
 * DOMPurify parses in an inert document (DOMParser: nothing loads, nothing runs), yet Chromium
 * checks the page's Content-Security-Policy as soon as an element gets an `on…` attribute, in any
 * document of the window: a message holding `<img src=x onerror=…>` filled the console with
 * script-src-attr violations. Renamed, the attribute is an unknown one, which DOMPurify's allow-list
 * drops like any other (message-html.ts). Safety never rests on this pass: DOMPurify still
 * sanitises everything; a tag this reading misjudges costs at most a console report.
 *
 * The reading follows the HTML tokenizer (html.spec.whatwg.org, "Tokenization") where it decides
 * what is a start tag: comments, end tags, `<!…>`/`<?…>` and the raw text of script, style,
 * textarea, title... (outside svg and math) hold no attributes and are copied as they are.
 */

/** Elements whose content is text up to their end tag (RAWTEXT, RCDATA, script data). */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title']);
/** Start tags that end svg or math content and return to HTML ("parsing tokens in foreign content"). */
const BREAKOUT = new Set(
  'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'.split(
    ' ',
  ),
);
const SPACE = /[\t\n\f\r ]/;
const LETTER = /[A-Za-z]/;

/** Index just after the next `needle` from `from`, or the end. */
function afterNext(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  return at === -1 ? text.length : at + needle.length;
}

/** Where the comment starting at `start` (`<!--`) ends. */
function commentEnd(text: string, start: number): number {
  const body = start + 4;
  if (text.startsWith('>', body)) return body + 1;
  if (text.startsWith('->', body)) return body + 2;
  const close = text.indexOf('--', body);
  for (let at = close; at !== -1; at = text.indexOf('--', at + 1)) {
    if (text.startsWith('-->', at)) return at + 3;
    if (text.startsWith('--!>', at)) return at + 4;
  }
  return text.length;
}

/** Where the raw text of `name` opened before `from` ends: before its `</name` end tag. */
function rawTextEnd(text: string, name: string, from: number): number {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(`</${name}`, from); at !== -1; at = lower.indexOf(`</${name}`, at + 1)) {
    const next = text.charAt(at + 2 + name.length);
    if (next === '' || next === '>' || next === '/' || SPACE.test(next)) return at;
  }
  return text.length;
}

interface StartTag {
  name: string;
  /** Index just after the tag. */
  end: number;
  /** Where each `on…` attribute name starts. */
  handlers: number[];
}

/** Reads the start tag at `start` (`<` followed by a letter). */
function readStartTag(text: string, start: number): StartTag {
  let at = start + 1;
  while (at < text.length && !SPACE.test(text.charAt(at)) && !'/>'.includes(text.charAt(at))) at += 1;
  const name = text.slice(start + 1, at).toLowerCase();
  const handlers: number[] = [];
  while (at < text.length) {
    const char = text.charAt(at);
    if (char === '>') return { name, end: at + 1, handlers };
    if (SPACE.test(char) || char === '/') {
      at += 1;
      continue;
    }
    // An attribute name: its first character may be anything (even '='), then up to a space, '/', '>' or '='.
    const nameStart = at;
    at += 1;
    while (at < text.length && !SPACE.test(text.charAt(at)) && !'/>='.includes(text.charAt(at))) at += 1;
    if (/^on/i.test(text.slice(nameStart, at))) handlers.push(nameStart);
    while (at < text.length && SPACE.test(text.charAt(at))) at += 1;
    if (text.charAt(at) !== '=') continue;
    at += 1;
    while (at < text.length && SPACE.test(text.charAt(at))) at += 1;
    const quote = text.charAt(at);
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, at + 1);
      at = close === -1 ? text.length : close + 1;
    } else {
      while (at < text.length && !SPACE.test(text.charAt(at)) && text.charAt(at) !== '>') at += 1;
    }
  }
  return { name, end: text.length, handlers };
}

export function renameEventAttributes(html: string): string {
  if (!/on/i.test(html)) return html;
  const parts: string[] = [];
  let copied = 0;
  let foreign = 0;
  let at = html.indexOf('<');
  while (at !== -1 && at < html.length) {
    const next = html.charAt(at + 1);
    let end: number;
    if (html.startsWith('<!--', at)) {
      end = commentEnd(html, at);
    } else if (next === '!' || next === '?' || next === '/') {
      const closing = next === '/' ? /^<\/(svg|math|p|br)[\t\n\f\r />]/i.exec(html.slice(at, at + 7)) : null;
      if (closing && foreign > 0) foreign = /^(svg|math)$/i.test(closing[1] ?? '') ? foreign - 1 : 0;
      end = afterNext(html, '>', at + 1);
    } else if (LETTER.test(next)) {
      const tag = readStartTag(html, at);
      for (const index of tag.handlers) {
        parts.push(html.slice(copied, index), 'x-');
        copied = index;
      }
      end = tag.end;
      if (foreign > 0 && BREAKOUT.has(tag.name)) foreign = 0;
      if (tag.name === 'svg' || tag.name === 'math') foreign += 1;
      else if (tag.name === 'plaintext' && foreign === 0) break;
      else if (RAW_TEXT.has(tag.name) && foreign === 0) end = rawTextEnd(html, tag.name, end);
    } else {
      end = at + 1;
    }
    at = html.indexOf('<', end);
  }
  parts.push(html.slice(copied));
  return parts.join('');
}
