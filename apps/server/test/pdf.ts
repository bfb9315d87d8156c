/**
 * A small, valid PDF written by hand: one page per entry, each line drawn with Helvetica, so
 * a test can check real PDF text extraction without shipping a binary fixture.
 */
export function makePdf(pages: readonly (readonly string[])[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add(''); // 1: catalog, written once the page ids are known
  add(''); // 2: page tree
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'); // 3
  const pageIds: number[] = [];
  for (const lines of pages) {
    const text = lines.map((line) => `(${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`);
    const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${text.join(' ')} ET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
