import PDFDocument from 'pdfkit';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isActivePdf } from '../../../src/server/modules/messages/active-pdf';

/** A one-page PDF whose catalogue carries `extra`, and whose object stream (PDF 1.5) holds `packed`. */
function pdf(extra = '', packed?: { content: string; filter?: string; raw?: Buffer }): Buffer {
  const head = `%PDF-1.5\n1 0 obj << /Type /Catalog /Pages 2 0 R ${extra}>> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n`;
  const parts: Buffer[] = [Buffer.from(head, 'latin1')];
  if (packed) {
    const body = packed.raw ?? deflateSync(Buffer.from(packed.content, 'latin1'));
    parts.push(
      Buffer.from(
        `4 0 obj << /Type /ObjStm /N 1 /First 4 /Length ${body.length} /Filter ${packed.filter ?? '/FlateDecode'} >>\nstream\n`,
        'latin1',
      ),
      body,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  }
  parts.push(Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'));
  return Buffer.concat(parts);
}

function pdfkitDocument(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(14).text('Contrat de réservation – Parc Aventure des Landes. Paiement JSON /JSON Jsolo.');
    doc.end();
  });
}

describe('active PDFs (chat attachments, docs/decisions.md)', () => {
  it('lets plain documents through, compressed ones included, and names that only start alike (/JSON)', async () => {
    expect(isActivePdf(pdf())).toBe(false);
    expect(isActivePdf(pdf('/Metadata /JSON '))).toBe(false);
    expect(isActivePdf(await pdfkitDocument())).toBe(false);
    expect(isActivePdf(pdf('', { content: '5 0 << /Type /Annot /Subtype /Link >>' }))).toBe(false);
  });

  it('finds JavaScript, launch actions, embedded files and rich media written plainly', () => {
    for (const name of ['/JavaScript', '/JS (x)', '/Launch', '/EmbeddedFile', '/RichMedia']) {
      expect(isActivePdf(pdf(`/OpenAction << /S ${name} >> `)), name).toBe(true);
    }
  });

  it('finds them spelt with #xx escapes', () => {
    expect(isActivePdf(pdf('/OpenAction << /S /Java#53cript /J#53 (app.alert(1)) >> '))).toBe(true);
    expect(isActivePdf(pdf('/OpenAction << /S /#4Caunch >> '))).toBe(true);
  });

  it('finds them inside a compressed object stream, escaped or not', () => {
    expect(isActivePdf(pdf('', { content: '5 0 << /S /JavaScript /JS (app.alert(1)) >>' }))).toBe(true);
    expect(isActivePdf(pdf('', { content: '5 0 << /S /Java#53cript >>' }))).toBe(true);
    expect(isActivePdf(pdf('', { content: '5 0 << /S /Launch >>', filter: '/Fl' }))).toBe(true);
  });

  it('refuses an object stream it cannot read: damaged, another filter, or expanding past its limit', () => {
    expect(isActivePdf(pdf('', { content: '', raw: Buffer.from('pas du zlib', 'latin1') }))).toBe(true);
    expect(isActivePdf(pdf('', { content: '5 0 << >>', filter: '/LZWDecode' }))).toBe(true);
    const bomb = deflateSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(isActivePdf(pdf('', { content: '', raw: bomb }))).toBe(true);
  });
});
