import { BRAND, type PlatformCompany } from "../../../domain";

export interface EmailContent {
  /** Short text shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Further links, after the action: each a plain link (its label, then its address in the text part). */
  links?: { label: string; url: string }[];
  /** A large code shown on its own (one-time codes). */
  code?: string;
  /**
   * Tickets after the details, each in its own box: a heading, its rows and its QR code shown inline (attached
   * with this cid) with its description. A ticket e-mail carries one per attendee (issue 36).
   */
  tickets?: { heading: string; details: { label: string; value: string }[]; image: { cid: string; alt: string; width: number }; links?: { label: string; url: string }[] }[];
  /** Label/value rows, e.g. a ticket's event, date and place. */
  details?: { label: string; value: string }[];
  /** Headed paragraphs after the action, e.g. a ticket's seller and cancellation terms. */
  sections?: { heading: string; paragraphs: string[] }[];
  footnote?: string;
  /** The company named in the footer: the configured one (config.company; issue 34). */
  company: Pick<PlatformCompany, "name" | "address">;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The product's e-mail layout: table-based HTML that mail clients render, plus a plain-text part. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#334155">${escapeHtml(p)}</p>`)
    .join("");
  const code = content.code
    ? `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;color:#1e1b4b;font-family:Menlo,Consolas,monospace">${escapeHtml(content.code)}</p>`
    : "";
  const details = content.details?.length
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:0 0 20px;width:100%;border-collapse:collapse">${content.details
        .map(
          (row) =>
            `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:#64748b;white-space:nowrap;vertical-align:top">${escapeHtml(row.label)}</td><td style="padding:6px 0;font-size:15px;color:#0f172a;font-weight:600">${escapeHtml(row.value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const tickets = (content.tickets ?? [])
    .map(
      (ticket) =>
        `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:0 0 16px;width:100%;border-collapse:separate;border:1px solid #e2e8f0;border-radius:12px"><tr><td style="padding:16px">` +
        `<h2 style="margin:0 0 8px;font-size:17px;line-height:24px;color:#0f172a">${escapeHtml(ticket.heading)}</h2>` +
        ticket.details
          .map((row) => `<p style="margin:0 0 4px;font-size:14px;line-height:20px;color:#334155">${escapeHtml(row.label)}: <strong style="color:#0f172a">${escapeHtml(row.value)}</strong></p>`)
          .join("") +
        `<p style="margin:12px 0 0;text-align:center"><img src="cid:${escapeHtml(ticket.image.cid)}" alt="${escapeHtml(ticket.image.alt)}" width="${ticket.image.width}" height="${ticket.image.width}" style="display:inline-block;border:8px solid #ffffff;box-shadow:0 1px 4px rgba(15,23,42,.15)"></p>` +
        (ticket.links?.length
          ? `<p style="margin:12px 0 0;text-align:center;font-size:14px;line-height:22px">${ticket.links.map((link) => `<a href="${escapeHtml(link.url)}" style="color:#5418d6;font-weight:600">${escapeHtml(link.label)}</a>`).join("<br>")}</p>`
          : "") +
        `</td></tr></table>`,
    )
    .join("");
  const action = content.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:10px;background:#5418d6"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#5418d6;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const sections = (content.sections ?? [])
    .map(
      (section) =>
        `<h2 style="margin:8px 0 8px;font-size:17px;line-height:24px;color:#0f172a">${escapeHtml(section.heading)}</h2>${section.paragraphs
          .map((p) => `<p style="margin:0 0 14px;font-size:14px;line-height:22px;color:#334155">${escapeHtml(p)}</p>`)
          .join("")}`,
    )
    .join("");
  const links = (content.links ?? [])
    .map((link) => `<p style="margin:0 0 16px;font-size:15px;line-height:22px"><a href="${escapeHtml(link.url)}" style="color:#5418d6;font-weight:600">${escapeHtml(link.label)}</a></p>`)
    .join("");
  const footnote = content.footnote
    ? `<p style="margin:0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(content.footnote)}</p>`
    : "";
  const company = `${content.company.name}, ${content.company.address}`;
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f3fb;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f3fb;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="padding-bottom:24px;font-size:20px;font-weight:800;color:#5418d6">${escapeHtml(BRAND.name)}</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:24px;line-height:32px;color:#0f172a">${escapeHtml(content.heading)}</h1>${paragraphs}${details}${tickets}${code}${action}${sections}${links}${footnote}</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#64748b">${escapeHtml(company)}</p>
</td></tr></table></body></html>`;

  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.details?.length ? [...content.details.map((row) => `${row.label}: ${row.value}`), ""] : []),
    ...(content.tickets ?? []).flatMap((ticket) => [ticket.heading, ...ticket.details.map((row) => `${row.label}: ${row.value}`), ...(ticket.links ?? []).map((link) => `${link.label}: ${link.url}`), ""]),
    ...(content.code ? [content.code, ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.sections ?? []).flatMap((section) => [section.heading, ...section.paragraphs.flatMap((p) => [p, ""])]),
    ...(content.links ?? []).flatMap((link) => [`${link.label}: ${link.url}`, ""]),
    ...(content.footnote ? [content.footnote, ""] : []),
    company,
  ].join("\n");
  return { html, text };
}
