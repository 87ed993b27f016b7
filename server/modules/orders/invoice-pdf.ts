import PDFDocument from "pdfkit";
import type { InvoiceView } from "../../../domain/invoice";

/**
 * The invoice as a PDF (pdfkit, with its built-in Helvetica so no font files ship). The same rows as the printable
 * page. The document date comes from the caller (the shop's clock), so a PDF is reproducible in tests.
 */
export function renderInvoicePdf(invoice: InvoiceView, createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: invoice.title, Author: invoice.seller.name, CreationDate: createdAt } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  // Helvetica's standard encoding has no minus sign or narrow spaces: write them plainly.
  const plain = (s: string) => s.replace(/\u2212/g, "-").replace(/[\u202f\u00a0]/g, " ");
  const left = 50;
  const right = 545;

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#1f3b2d").text(plain(invoice.seller.name), left, 50);
  doc.font("Helvetica").fontSize(9).fillColor("#4d5a52").text(plain(invoice.seller.address), left, 76, { width: 260 });
  if (invoice.seller.taxId) doc.text(`Tax ID: ${plain(invoice.seller.taxId)}`);
  doc.text(plain(invoice.seller.email));

  doc.font("Helvetica-Bold").fontSize(16).fillColor("#1f2a24").text("INVOICE", 350, 50, { width: right - 350, align: "right" });
  doc.font("Helvetica").fontSize(10).text(`Invoice number: ${invoice.number}`, 350, 74, { width: right - 350, align: "right" });
  doc.text(`Date: ${invoice.issuedOn}`, { width: right - 350, align: "right" });
  doc.text(`Currency: ${invoice.currency}`, { width: right - 350, align: "right" });

  doc.font("Helvetica-Bold").fontSize(10).text("Billed to", left, 150);
  doc.font("Helvetica").text(invoice.buyer.map(plain).join("\n"), left, 165, { width: 260 });

  let y = 260;
  const cols = { name: left, qty: 330, unit: 390, total: 470 };
  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10).fillColor("#1f2a24");
    const h = doc.heightOfString(cells[0], { width: cols.qty - cols.name - 10 });
    doc.text(plain(cells[0]), cols.name, y, { width: cols.qty - cols.name - 10 });
    doc.text(cells[1], cols.qty, y, { width: 50, align: "right" });
    doc.text(plain(cells[2]), cols.unit, y, { width: 70, align: "right" });
    doc.text(plain(cells[3]), cols.total, y, { width: right - cols.total, align: "right" });
    y += Math.max(h, 12) + 8;
  };
  row(["Item", "Qty", "Unit price", "Amount"], true);
  doc.moveTo(left, y - 4).lineTo(right, y - 4).strokeColor("#e3ded3").stroke();
  for (const l of invoice.lines) row([l.name, String(l.quantity), l.unitPrice, l.total]);
  doc.moveTo(left, y).lineTo(right, y).strokeColor("#e3ded3").stroke();
  y += 10;
  for (const t of invoice.totals) {
    doc.font(t.strong ? "Helvetica-Bold" : "Helvetica").fontSize(t.strong ? 12 : 10);
    doc.text(plain(t.label), 300, y, { width: 160, align: "right" });
    doc.text(plain(t.value), cols.total, y, { width: right - cols.total, align: "right" });
    y += t.strong ? 20 : 16;
  }
  y += 14;
  doc.font("Helvetica").fontSize(10).text(plain(invoice.payment), left, y);
  doc.fontSize(9).fillColor("#4d5a52");
  for (const n of invoice.notes) doc.text(plain(n));
  doc.end();
  return done;
}
