// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renameEventAttributes } from '@renderer/features/chat/event-attributes';
import { MessageContent } from '@renderer/features/chat/message-content';
import { messageBody, sanitizeMessageHtml } from '@renderer/features/chat/message-html';
import { system } from '@renderer/shared/theme';

afterEach(cleanup);

/** Payloads from the OWASP XSS filter evasion cheat sheet, PortSwigger's list and DOMPurify's mXSS tests. */
const CORPUS = [
  '<script>window.__xss = 1</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss=1">',
  '<IMG SRC="javascript:alert(1);">',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">survol</div>',
  '<a href="javascript:alert(1)">clic</a>',
  '<a href="JaVaScRiPt:alert(1)">clic</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">clic</a>',
  '<a href="  javascript:alert(1)">clic</a>',
  '<a href="java\tscript:alert(1)">clic</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>',
  '<a href="vbscript:msgbox(1)">clic</a>',
  '<a href="/relative" onclick="alert(1)">clic</a>',
  '<svg onload=alert(1)><circle r=10 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">clic</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background-image:url(javascript:alert(1))">style</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<a id="x" name="cookie">clobber</a><form name="getElementById"></form>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&lt;img src=x onerror=alert(1)&gt;',
  '&lt;a href="javascript:alert(1)"&gt;clic&lt;/a&gt;',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];

const DANGEROUS_TAGS =
  'script, iframe, object, embed, svg, math, style, link, meta, base, form, input, button, img, video, source, template, noscript, details, marquee, frame, frameset';
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

function renderContent(content: string) {
  return render(
    <ChakraProvider value={system}>
      <MessageContent content={content} />
    </ChakraProvider>,
  ).getByTestId('message-content');
}

function expectInert(root: Element) {
  expect(root.querySelectorAll(DANGEROUS_TAGS)).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      expect(attribute, `${element.outerHTML}`).not.toMatch(/^on/i);
      expect(['href', 'target', 'rel', 'class'], `${element.outerHTML}`).toContain(attribute);
    }
    if (element.hasAttribute('href')) {
      expect(element.getAttribute('href'), element.outerHTML).toMatch(SAFE_HREF);
    }
  }
  for (const link of root.querySelectorAll('a[href]')) {
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  }
}

describe('the message renderer against XSS', () => {
  for (const payload of CORPUS) {
    it(`leaves nothing executable: ${payload.slice(0, 70)}`, () => {
      (window as unknown as { __xss?: number }).__xss = undefined;
      const root = renderContent(payload);
      expectInert(root);
      expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
    });
  }

  it('keeps the allowed formatting and makes safe links open in a new tab without referrer', () => {
    const root = renderContent(
      '<p>Bonjour <b>Léa</b>, voir <a href="https://parc.example/plan" title="x" class="y">le plan</a></p>',
    );
    expect(root.querySelector('b')?.textContent).toBe('Léa');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://parc.example/plan');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.hasAttribute('title')).toBe(false);
    expect(link.hasAttribute('class')).toBe(false);
  });
});

/** The elements of a parsed text that carry an event-handler attribute. */
function withHandlers(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('*')]
    .filter((element) => element.getAttributeNames().some((name) => /^on/i.test(name)))
    .map((element) => element.outerHTML);
}

describe('event-handler attributes never reach a parser (Chromium reports them against the CSP even in an inert document)', () => {
  for (const payload of CORPUS) {
    // An escaped payload reaches the sanitiser decoded (messageBody).
    const html = payload.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    it(`renames every on… attribute: ${payload.slice(0, 70)}`, () => {
      expect(withHandlers(renameEventAttributes(html))).toEqual([]);
    });
  }

  it('gives DOMPurify the text with its handlers renamed', () => {
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      expect(sanitizeMessageHtml('<img src=x onerror="window.__xss=1"><b onclick=alert(1)>Gras</b>')).toBe(
        '<b>Gras</b>',
      );
      const parsed = parse.mock.calls.map(([text]) => String(text));
      expect(parsed.length).toBeGreaterThan(0);
      for (const text of parsed) expect(withHandlers(text)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('changes nothing else: text, quoted values, comments and the text of title or textarea', () => {
    for (const same of [
      'Bonjour, on se voit <b>lundi</b> : ils ont onze ans, online=oui',
      '<p title="a > onclick=b">x</p> one',
      '<!-- <b onclick=x> --><p>ok</p>',
      '<title><b onclick=x></title><textarea><i onload=y></textarea>',
      '</b onclick=x><p>fin</p>',
    ]) {
      expect(renameEventAttributes(same)).toBe(same);
    }
    expect(renameEventAttributes('<img/onerror=a src="x"onclick=c ONLOAD=b title=x/onmouseover=d>')).toBe(
      '<img/x-onerror=a src="x"x-onclick=c x-ONLOAD=b title=x/onmouseover=d>',
    );
  });
});

describe('plain text messages', () => {
  it('makes web addresses clickable with rel="noopener noreferrer" and keeps line breaks', () => {
    const root = renderContent('Le plan : https://parc.example/acces?x=1\nEt www.parc-aventure.fr aussi.\n\nÀ bientôt');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://parc.example/acces?x=1',
      'https://www.parc-aventure.fr',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(root.textContent).toBe(
      'Le plan : https://parc.example/acces?x=1\nEt www.parc-aventure.fr aussi.\n\nÀ bientôt',
    );
    expect(getComputedStyle(root).whiteSpace).toBe('pre-wrap');
  });

  it('never turns javascript: or data: text into links, and shows a < b as text', () => {
    const root = renderContent('javascript:alert(1) et data:text/html,<b et 3 < 4 > 2');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.textContent).toBe('javascript:alert(1) et data:text/html,<b et 3 < 4 > 2');
  });

  it('decodes entities of plain text', () => {
    expect(messageBody('Tom &amp; Jerry &eacute;t&eacute;')).toEqual({ kind: 'text', text: 'Tom & Jerry été' });
  });
});
