/**
 * What every page main prints is built with: escaped text, and a CSP that allows nothing but
 * inline styles and data: images (no script, no request leaves the print window).
 */
export const PRINT_PAGE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
